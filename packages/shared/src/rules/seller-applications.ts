/** A seller application's decision: how long its reason may be, and when it must be given. */
export const DECISION_REASON_MAX = 2000;
/** A rejection needs a reason: the applicant is mailed it and reads it on /seller_application. */
export const REASON_REQUIRED = 'Give the applicant a reason for the rejection.';
