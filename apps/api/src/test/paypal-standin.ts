/**
 * A local stand-in for PayPal's REST API, for tests: an HTTP server on 127.0.0.1 (random port)
 * that speaks the OAuth2 token endpoint, Orders v2 create, get and capture, and Payments v2
 * capture refunds with PayPal's request and response shapes. Test controls play the buyer's part (approve, pay) and the odd cases a real
 * PayPal produces (a pending capture, another amount or currency, a reused capture id).
 *
 * Browser tests, which cannot call these methods, use the same controls over HTTP:
 * `POST /__standin/orders/{id}/approve` and `POST /__standin/orders/{id}/complete` (CORS open).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandinMoney {
  currency_code: string;
  value: string;
}

export interface StandinCapture {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'DECLINED' | 'REFUNDED' | 'PARTIALLY_REFUNDED';
  amount: StandinMoney;
  final_capture: boolean;
  create_time: string;
  update_time: string;
}

export interface StandinPurchaseUnit {
  reference_id: string;
  custom_id?: string;
  description?: string;
  amount: StandinMoney;
  payments?: { captures: StandinCapture[] };
}

export interface StandinOrder {
  id: string;
  intent: 'CAPTURE';
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  purchase_units: StandinPurchaseUnit[];
  payer?: { email_address: string; payer_id: string; name: { given_name: string; surname: string } };
  create_time: string;
  update_time?: string;
}

/** A refund request as the stand-in received it: the capture, its PayPal-Request-Id and body. */
export interface StandinRefundRequest {
  captureId: string;
  requestId: string | undefined;
  body: unknown;
}

/** A refund the stand-in made (a repeated PayPal-Request-Id makes none). */
export interface StandinRefund {
  id: string;
  captureId: string;
  requestId: string | undefined;
  status: 'COMPLETED' | 'PENDING';
  amount: StandinMoney;
  invoice_id?: string;
  note_to_payer?: string;
  create_time: string;
  update_time: string;
}

/** How the buyer's payment turns out; by default exactly what the order asked for. */
export interface CaptureOptions {
  status?: StandinCapture['status'];
  amount?: StandinMoney;
  /** Reuse a capture id, as if PayPal reported one payment for two orders. */
  captureId?: string;
  payerEmail?: string;
}

export interface PaypalStandin {
  apiBase: string;
  clientId: string;
  clientSecret: string;
  orders: Map<string, StandinOrder>;
  /** Token requests seen, to show the client caches its token. */
  tokenRequests: number;
  /** The buyer approves the order in PayPal's window. */
  approve(id: string, payerEmail?: string): StandinOrder;
  /** The buyer approves and the order is captured (what the JS SDK's onApprove does). */
  complete(id: string, options?: CaptureOptions): StandinOrder;
  /** A completed PayPal order made outside our server, e.g. by a buyer's own script. */
  createCompletedOrder(unit: { customId: string; amount: StandinMoney }, options?: CaptureOptions): StandinOrder;
  /** Every refund request received, oldest first, refused ones included. */
  refundRequests: StandinRefundRequest[];
  /** The refunds made, by refund id. */
  refunds: Map<string, StandinRefund>;
  /**
   * Makes refund requests fail until called again with null: `503` as PayPal being down (an
   * error page), or a 4xx with PayPal's error body naming `issue`.
   */
  failRefunds(failure: { status: number; issue?: string } | null): void;
  /**
   * Refunds `value` of a capture under `requestId` as if PayPal had been asked (not counted in
   * `refundRequests`): a refund PayPal made whose answer our side never recorded.
   */
  refundCaptureDirectly(captureId: string, requestId: string, value: string): StandinRefund;
  /** The status refunds are answered with (COMPLETED by default; PENDING as for an eCheck). */
  refundStatus: StandinRefund['status'];
  /** Changes a stored order directly, for cases the controls above do not cover. */
  update(id: string, change: (order: StandinOrder) => void): void;
  close(): Promise<void>;
}

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** PayPal ids look like '5O190127TN364715T': 17 upper-case letters and digits. */
function paypalId(): string {
  return [...randomBytes(17)].map((b) => ID_CHARS[b % ID_CHARS.length]).join('');
}

const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

class StandinError extends Error {
  constructor(
    readonly status: number,
    readonly body: object,
  ) {
    super(`stand-in ${status}`);
  }
}

const notFound = (id: string) =>
  new StandinError(404, {
    name: 'RESOURCE_NOT_FOUND',
    message: 'The specified resource does not exist.',
    details: [{ issue: 'INVALID_RESOURCE_ID', description: `Specified resource ID ${id} does not exist.` }],
  });

const unprocessable = (issue: string) =>
  new StandinError(422, {
    name: 'UNPROCESSABLE_ENTITY',
    message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
    details: [{ issue }],
  });

const invalidRequest = (description: string) =>
  new StandinError(400, {
    name: 'INVALID_REQUEST',
    message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
    details: [{ issue: 'INVALID_PARAMETER_VALUE', description }],
  });

function isMoney(value: unknown): value is StandinMoney {
  const m = value as Partial<StandinMoney> | null;
  return typeof m?.currency_code === 'string' && typeof m.value === 'string' && /^\d{1,10}(\.\d{1,2})?$/.test(m.value);
}

/** The purchase unit of a create-order request, checked as PayPal checks it. */
function purchaseUnitFrom(body: unknown): StandinPurchaseUnit {
  const request = body as { intent?: unknown; purchase_units?: unknown } | null;
  if (request?.intent !== 'CAPTURE') throw invalidRequest('intent must be CAPTURE');
  const units = request.purchase_units;
  if (!Array.isArray(units) || units.length !== 1) throw invalidRequest('one purchase unit expected');
  const unit = units[0] as { reference_id?: unknown; custom_id?: unknown; description?: unknown; amount?: unknown };
  if (!isMoney(unit.amount)) throw invalidRequest('purchase_units[0].amount is invalid');
  return {
    reference_id: typeof unit.reference_id === 'string' ? unit.reference_id : 'default',
    ...(typeof unit.custom_id === 'string' ? { custom_id: unit.custom_id } : {}),
    ...(typeof unit.description === 'string' ? { description: unit.description } : {}),
    amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function parseJson(text: string): unknown {
  if (text === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw invalidRequest('body is not JSON');
  }
}

export async function startPaypalStandin(): Promise<PaypalStandin> {
  const clientId = 'standin-client-id';
  const clientSecret = 'standin-client-secret';
  const tokens = new Set<string>();
  const orders = new Map<string, StandinOrder>();

  const orderById = (id: string) => {
    const order = orders.get(id);
    if (!order) throw notFound(id);
    return order;
  };

  function approve(id: string, payerEmail = 'kund@example.se'): StandinOrder {
    const order = orderById(id);
    if (order.status === 'CREATED') order.status = 'APPROVED';
    order.payer = {
      email_address: payerEmail,
      payer_id: paypalId().slice(0, 13),
      name: { given_name: 'Kim', surname: 'Köpare' },
    };
    return order;
  }

  function capture(id: string, options: CaptureOptions = {}): StandinOrder {
    const order = orderById(id);
    if (order.status === 'COMPLETED') throw unprocessable('ORDER_ALREADY_CAPTURED');
    if (order.status !== 'APPROVED') throw unprocessable('ORDER_NOT_APPROVED');
    const unit = order.purchase_units[0];
    if (!unit) throw unprocessable('NO_PURCHASE_UNIT');
    const at = now();
    unit.payments = {
      captures: [
        {
          id: options.captureId ?? paypalId(),
          status: options.status ?? 'COMPLETED',
          amount: options.amount ?? { ...unit.amount },
          final_capture: true,
          create_time: at,
          update_time: at,
        },
      ],
    };
    order.status = 'COMPLETED';
    order.update_time = at;
    return order;
  }

  function createOrder(unit: StandinPurchaseUnit): StandinOrder {
    const order: StandinOrder = {
      id: paypalId(),
      intent: 'CAPTURE',
      status: 'CREATED',
      purchase_units: [unit],
      create_time: now(),
    };
    orders.set(order.id, order);
    return order;
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      const status = error instanceof StandinError ? error.status : 500;
      const body =
        error instanceof StandinError ? error.body : { name: 'INTERNAL_SERVER_ERROR', message: String(error) };
      send(response, status, body);
    });
  });

  function send(response: ServerResponse, status: number, body: object): void {
    response.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    response.end(JSON.stringify(body));
  }

  function requireToken(request: IncomingMessage): void {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !tokens.has(token)) {
      throw new StandinError(401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
    }
  }

  function issueToken(request: IncomingMessage, body: string): object {
    const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected || !body.includes('grant_type=client_credentials')) {
      throw new StandinError(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    standin.tokenRequests++;
    const token = `A21AA${randomBytes(24).toString('base64url')}`;
    tokens.add(token);
    return {
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: 32400,
      nonce: randomBytes(8).toString('hex'),
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://standin').pathname;
    const method = request.method ?? 'GET';
    const body = await readBody(request);
    if (method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': 'content-type',
      });
      response.end();
      return;
    }
    if (method === 'POST' && path === '/v1/oauth2/token') return send(response, 200, issueToken(request, body));

    const control = /^\/__standin\/orders\/([^/]+)\/(approve|complete)$/.exec(path);
    if (method === 'POST' && control?.[1]) {
      const id = decodeURIComponent(control[1]);
      approve(id);
      return send(response, 200, control[2] === 'complete' ? capture(id) : orderById(id));
    }

    const refundPath = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (refundPath?.[1]) {
      requireToken(request);
      if (method !== 'POST')
        throw new StandinError(405, { name: 'METHOD_NOT_SUPPORTED', message: `${method} ${path}` });
      const header = request.headers['paypal-request-id'];
      const requestId = typeof header === 'string' ? header : undefined;
      const refund = refundCapture(decodeURIComponent(refundPath[1]), requestId, parseJson(body));
      const minimal = /return=minimal/.test(String(request.headers.prefer ?? ''));
      return send(response, 201, minimal ? refundMinimal(refund) : refundRepresentation(refund));
    }

    const orderPath = /^\/v2\/checkout\/orders(?:\/([^/]+))?(\/capture)?$/.exec(path);
    if (!orderPath) throw new StandinError(404, { name: 'NOT_FOUND', message: `No route ${method} ${path}` });
    requireToken(request);
    const [, rawId, captureSuffix] = orderPath;
    if (!rawId && method === 'POST') {
      const order = createOrder(purchaseUnitFrom(parseJson(body)));
      return send(response, 201, { id: order.id, status: order.status, links: links(order.id) });
    }
    const id = decodeURIComponent(rawId ?? '');
    if (method === 'GET' && !captureSuffix) return send(response, 200, { ...orderById(id), links: links(id) });
    if (method === 'POST' && captureSuffix) return send(response, 201, { ...capture(id), links: links(id) });
    throw new StandinError(405, { name: 'METHOD_NOT_SUPPORTED', message: `${method} ${path}` });
  }

  const refundRequests: StandinRefundRequest[] = [];
  const refunds = new Map<string, StandinRefund>();
  /** The refund each PayPal-Request-Id made: a repeated request answers it again. */
  const refundsByRequestId = new Map<string, StandinRefund>();
  /** Öre refunded of each capture so far. */
  const refundedOf = new Map<string, number>();
  let refundFailure: { status: number; issue?: string } | null = null;

  function captureById(captureId: string): StandinCapture {
    for (const order of orders.values()) {
      for (const unit of order.purchase_units) {
        const found = unit.payments?.captures.find((c) => c.id === captureId);
        if (found) return found;
      }
    }
    throw notFound(captureId);
  }

  /** POST /v2/payments/captures/{id}/refund, checked as PayPal checks it. */
  function refundCapture(captureId: string, requestId: string | undefined, body: unknown, seen = true): StandinRefund {
    if (seen) refundRequests.push({ captureId, requestId, body });
    if (refundFailure) {
      const { status, issue } = refundFailure;
      if (status >= 500)
        throw new StandinError(status, {
          name: 'INTERNAL_SERVER_ERROR',
          message: 'An internal server error occurred.',
        });
      throw new StandinError(status, {
        name: status === 422 ? 'UNPROCESSABLE_ENTITY' : 'INVALID_REQUEST',
        message: 'The requested action could not be performed.',
        details: [{ issue: issue ?? 'TRANSACTION_REFUSED' }],
      });
    }
    const earlier = requestId ? refundsByRequestId.get(requestId) : undefined;
    if (earlier) return earlier;
    const capture = captureById(captureId);
    const input = body as { amount?: unknown; invoice_id?: unknown; note_to_payer?: unknown } | null;
    if (input?.amount !== undefined && !isMoney(input.amount)) throw invalidRequest('amount is invalid');
    if (input?.invoice_id !== undefined && (typeof input.invoice_id !== 'string' || input.invoice_id.length > 127)) {
      throw invalidRequest('invoice_id is invalid');
    }
    if (
      input?.note_to_payer !== undefined &&
      (typeof input.note_to_payer !== 'string' || input.note_to_payer.length > 255)
    ) {
      throw invalidRequest('note_to_payer is invalid');
    }
    const captured = Math.round(Number(capture.amount.value) * 100);
    const refundedBefore = refundedOf.get(captureId) ?? 0;
    // Without an amount PayPal refunds what is left of the capture.
    const amount = input?.amount ?? {
      currency_code: capture.amount.currency_code,
      value: ((captured - refundedBefore) / 100).toFixed(2),
    };
    if (capture.status === 'REFUNDED') throw unprocessable('CAPTURE_FULLY_REFUNDED');
    if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED') {
      throw unprocessable('CAPTURE_NOT_COMPLETED');
    }
    if (amount.currency_code !== capture.amount.currency_code) throw unprocessable('REFUND_CAPTURE_CURRENCY_MISMATCH');
    const wanted = Math.round(Number(amount.value) * 100);
    // PayPal refunds a capture in parts, never more than was captured across them all.
    if (refundedBefore + wanted > captured) throw unprocessable('REFUND_AMOUNT_EXCEEDED');
    const at = now();
    const refund: StandinRefund = {
      id: paypalId(),
      captureId,
      requestId,
      status: standin.refundStatus,
      amount: { currency_code: amount.currency_code, value: amount.value },
      ...(typeof input?.invoice_id === 'string' ? { invoice_id: input.invoice_id } : {}),
      ...(typeof input?.note_to_payer === 'string' ? { note_to_payer: input.note_to_payer } : {}),
      create_time: at,
      update_time: at,
    };
    refundedOf.set(captureId, refundedBefore + wanted);
    capture.status = refundedBefore + wanted === captured ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    refunds.set(refund.id, refund);
    if (requestId) refundsByRequestId.set(requestId, refund);
    return refund;
  }

  function refundLinks(refund: StandinRefund) {
    return [
      { href: `${standin.apiBase}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
      { href: `${standin.apiBase}/v2/payments/captures/${refund.captureId}`, rel: 'up', method: 'GET' },
    ];
  }

  /** The answer under `Prefer: return=minimal`. */
  const refundMinimal = (refund: StandinRefund) => ({
    id: refund.id,
    status: refund.status,
    links: refundLinks(refund),
  });

  /** The answer under `Prefer: return=representation` (PayPal's default for this call). */
  function refundRepresentation(refund: StandinRefund) {
    return {
      id: refund.id,
      amount: refund.amount,
      ...(refund.invoice_id ? { invoice_id: refund.invoice_id } : {}),
      ...(refund.note_to_payer ? { note_to_payer: refund.note_to_payer } : {}),
      seller_payable_breakdown: {
        gross_amount: refund.amount,
        net_amount: refund.amount,
        total_refunded_amount: refund.amount,
      },
      status: refund.status,
      create_time: refund.create_time,
      update_time: refund.update_time,
      links: refundLinks(refund),
    };
  }

  function links(id: string) {
    return [
      { href: `${standin.apiBase}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
      { href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`, rel: 'approve', method: 'GET' },
      { href: `${standin.apiBase}/v2/checkout/orders/${id}/capture`, rel: 'capture', method: 'POST' },
    ];
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const standin: PaypalStandin = {
    apiBase: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    orders,
    tokenRequests: 0,
    refundRequests,
    refunds,
    refundStatus: 'COMPLETED',
    failRefunds(failure) {
      refundFailure = failure;
    },
    refundCaptureDirectly(captureId, requestId, value) {
      const currency = captureById(captureId).amount.currency_code;
      return refundCapture(captureId, requestId, { amount: { currency_code: currency, value } }, false);
    },
    approve,
    complete(id, options = {}) {
      approve(id, options.payerEmail);
      return capture(id, options);
    },
    createCompletedOrder(unit, options = {}) {
      const order = createOrder({ reference_id: 'default', custom_id: unit.customId, amount: unit.amount });
      approve(order.id, options.payerEmail);
      return capture(order.id, options);
    },
    update(id, change) {
      change(orderById(id));
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return standin;
}
