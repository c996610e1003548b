/** The payloads of shipping an order and writing on its thread (PUT /ship, POST /messages). */
import { z } from 'zod';
import {
  CARRIERS,
  normaliseTrackingNumber,
  ORDER_MESSAGE_MAX,
  TRACKING_NUMBER_MAX,
  TRACKING_NUMBER_PATTERN,
} from '../rules/shipping';

/** PUT /api/orders/{id}/ship: a carrier, and a tracking number when there is one. */
export const shipOrderSchema = z.object({
  carrier: z.enum(CARRIERS, { message: `carrier must be one of ${CARRIERS.join(', ')}.` }),
  tracking_number: z
    .union([z.string({ message: 'tracking_number must be text.' }), z.null()])
    .optional()
    .transform((value) => (value == null ? '' : normaliseTrackingNumber(value)))
    .refine(
      (value) => value === '' || TRACKING_NUMBER_PATTERN.test(value),
      `tracking_number must be 4 to ${TRACKING_NUMBER_MAX} letters, digits or hyphens.`,
    ),
});
export type ShipOrderInput = z.infer<typeof shipOrderSchema>;

/** What looks like an HTML tag or comment: `<b>`, `</a>`, `<!--`, `<img src=x>` (not `<3` or `a < b`). */
const HTML_TAG = /<\/?[a-z!][^>]*>?/i;

/**
 * POST /api/orders/{id}/messages: plain text. Markup is refused rather than escaped, so a message
 * never carries a tag anywhere it is shown (a mail client, the page); it is shown as text anyway.
 */
export const orderMessageSchema = z.object({
  text: z
    .string({ message: 'text is required.' })
    .trim()
    .min(1, 'text is required.')
    .max(ORDER_MESSAGE_MAX, `text must be at most ${ORDER_MESSAGE_MAX} characters.`)
    .refine((value) => !HTML_TAG.test(value), 'text must be plain text, without HTML.'),
});
export type OrderMessageInput = z.infer<typeof orderMessageSchema>;
