/**
 * A small client of PayPal's REST API: an OAuth2 client-credentials token, Orders v2 create
 * and get, and Payments v2 capture refunds. `apiBase` picks sandbox, live, or the tests' local stand-in. Answers are
 * parsed with zod, so the rest of the code only sees fields that are really there.
 */
import { z } from 'zod';

export interface PaypalConfig {
  clientId: string;
  clientSecret: string;
  apiBase: string;
}

const moneySchema = z.object({ currency_code: z.string(), value: z.string() });

const captureSchema = z.object({
  id: z.string(),
  status: z.string(),
  amount: moneySchema.optional(),
  create_time: z.string().optional(),
  update_time: z.string().optional(),
});

const purchaseUnitSchema = z.object({
  reference_id: z.string().optional(),
  custom_id: z.string().optional(),
  amount: moneySchema.optional(),
  payments: z.object({ captures: z.array(captureSchema).default([]) }).optional(),
});

export const paypalOrderSchema = z.object({
  id: z.string(),
  status: z.string(),
  purchase_units: z.array(purchaseUnitSchema).default([]),
  payer: z.object({ email_address: z.string().optional() }).optional(),
  create_time: z.string().optional(),
  update_time: z.string().optional(),
});
export type PaypalOrder = z.infer<typeof paypalOrderSchema>;
export type PaypalCapture = z.infer<typeof captureSchema>;

const tokenSchema = z.object({ access_token: z.string(), expires_in: z.number() });

const refundSchema = z.object({ id: z.string(), status: z.string() });
export type PaypalRefund = z.infer<typeof refundSchema>;

/** PayPal's error body: a name, and details naming the issue (e.g. CAPTURE_FULLY_REFUNDED). */
const errorSchema = z.object({
  name: z.string().optional(),
  message: z.string().optional(),
  details: z.array(z.object({ issue: z.string().optional(), description: z.string().optional() })).optional(),
});

/** PayPal could not be reached or answered something unexpected. */
export class PaypalUnavailableError extends Error {
  override name = 'PaypalUnavailableError';
}

/** PayPal answered a refund request with a refusal (4xx); `issue` is its first detail's issue. */
export class PaypalRefundRefusedError extends Error {
  override name = 'PaypalRefundRefusedError';
  constructor(
    readonly status: number,
    readonly issue: string,
    message: string,
  ) {
    super(message);
  }
}

export interface RefundRequest {
  captureId: string;
  /** The amount to give back, in the capture's own currency. */
  amountOre: number;
  currency: string;
  /** Our order id, which PayPal shows the buyer and the merchant with the refund. */
  invoiceId: string;
  noteToPayer: string;
  /** PayPal-Request-Id: PayPal answers a repeated request with the first one's refund. */
  requestId: string;
}

export interface PaypalClient {
  /** Creates a PayPal order to capture `amountOre` SEK for our order `orderId`; answers its id. */
  createOrder(input: { orderId: string; amountOre: number; description: string }): Promise<{ id: string }>;
  /** The PayPal order, or null when PayPal does not know the id. */
  getOrder(id: string): Promise<PaypalOrder | null>;
  /**
   * Refunds a capture (POST /v2/payments/captures/{id}/refund); answers PayPal's refund (status
   * COMPLETED, PENDING, …). A refusal is a PaypalRefundRefusedError.
   */
  refundCapture(request: RefundRequest): Promise<PaypalRefund>;
}

/** The client of the configured PayPal account, or null when PayPal is not configured (no secret). */
export function paypalClientFor(config: {
  clientId: string;
  clientSecret: string | undefined;
  apiBase: string;
}): PaypalClient | null {
  const { clientId, clientSecret, apiBase } = config;
  return clientSecret ? createPaypalClient({ clientId, clientSecret, apiBase }) : null;
}

/** '123.45': öre as PayPal writes SEK amounts. */
export function oreToPaypalValue(ore: number): string {
  return `${Math.floor(ore / 100)}.${String(ore % 100).padStart(2, '0')}`;
}

/** Öre of a PayPal amount value ('123.45', '123.4', '123'), or null when it is not one. */
export function paypalValueToOre(value: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

const REQUEST_TIMEOUT_MS = 15_000;

/** The JSON body of a PayPal answer; an HTML error page or a cut body is PayPal being unavailable. */
async function jsonOf(res: Response): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    throw new PaypalUnavailableError(`PayPal answered something that is not JSON (${res.status}).`);
  }
}
/** A token is renewed this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;

export function createPaypalClient(config: PaypalConfig): PaypalClient {
  const base = config.apiBase.replace(/\/+$/, '');
  let cached: { token: string; expiresAt: number } | null = null;

  async function send(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      throw new PaypalUnavailableError(`PayPal request ${path} failed: ${String(error)}`);
    }
  }

  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
    const res = await send('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    if (!res.ok) throw new PaypalUnavailableError(`PayPal refused the credentials (${res.status}).`);
    const parsed = tokenSchema.safeParse(await jsonOf(res));
    if (!parsed.success) throw new PaypalUnavailableError('PayPal answered a token in an unexpected shape.');
    const { access_token: token, expires_in: expiresIn } = parsed.data;
    cached = { token, expiresAt: Date.now() + expiresIn * 1000 - TOKEN_MARGIN_MS };
    return token;
  }

  async function authorised(path: string, init: RequestInit = {}): Promise<Response> {
    const token = await accessToken();
    return send(path, {
      ...init,
      headers: { ...init.headers, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
  }

  async function parseOrder(res: Response): Promise<PaypalOrder> {
    const parsed = paypalOrderSchema.safeParse(await jsonOf(res));
    if (!parsed.success) throw new PaypalUnavailableError('PayPal answered an order in an unexpected shape.');
    return parsed.data;
  }

  return {
    async createOrder({ orderId, amountOre, description }) {
      const res = await authorised('/v2/checkout/orders', {
        method: 'POST',
        body: JSON.stringify({
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: orderId,
              custom_id: orderId,
              description: description.slice(0, 127),
              amount: { currency_code: 'SEK', value: oreToPaypalValue(amountOre) },
            },
          ],
        }),
      });
      if (!res.ok) throw new PaypalUnavailableError(`PayPal did not create the order (${res.status}).`);
      return { id: (await parseOrder(res)).id };
    },

    async getOrder(id) {
      const res = await authorised(`/v2/checkout/orders/${encodeURIComponent(id)}`);
      if (res.status === 404) return null;
      if (!res.ok) throw new PaypalUnavailableError(`PayPal did not answer the order (${res.status}).`);
      return parseOrder(res);
    },

    async refundCapture({ captureId, amountOre, currency, invoiceId, noteToPayer, requestId }) {
      const res = await authorised(`/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {
        method: 'POST',
        headers: { 'paypal-request-id': requestId, prefer: 'return=minimal' },
        body: JSON.stringify({
          amount: { currency_code: currency, value: oreToPaypalValue(amountOre) },
          invoice_id: invoiceId,
          note_to_payer: noteToPayer.slice(0, 255),
        }),
      });
      if (res.status >= 400 && res.status < 500 && res.status !== 401 && res.status !== 429) {
        const parsed = errorSchema.safeParse(await jsonOf(res));
        const body = parsed.success ? parsed.data : {};
        const issue = body.details?.[0]?.issue ?? body.name ?? 'UNKNOWN';
        throw new PaypalRefundRefusedError(res.status, issue, `PayPal refused the refund (${res.status} ${issue}).`);
      }
      if (!res.ok) throw new PaypalUnavailableError(`PayPal did not refund the capture (${res.status}).`);
      const parsed = refundSchema.safeParse(await jsonOf(res));
      if (!parsed.success) throw new PaypalUnavailableError('PayPal answered a refund in an unexpected shape.');
      return parsed.data;
    },
  };
}
