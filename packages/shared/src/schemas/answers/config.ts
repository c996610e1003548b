/** The public keys of GET /api/config/*, answered as plain text (spec section 7). */
import { z } from 'zod';

export const paypalClientIdSchema = z.string().meta({
  id: 'PaypalClientId',
  description:
    "GET /api/config/paypal (text/plain): PayPal's client id, to load its script in the browser ('sb', the sandbox's, when not configured).",
});

export const googleApiKeySchema = z.string().meta({
  id: 'GoogleApiKey',
  description:
    "GET /api/config/google (text/plain): the Maps API key, to load the maps script with the places library ('' when not configured).",
});
