import { HotelApiError } from './hotel-api-error.js';

/**
 * A webhook delivery whose signature, timestamp or body does not check out (`verifyWebhook`):
 * answer it 400 and drop it. No call was made, so it carries no status, code or request id.
 */
export class WebhookVerificationError extends HotelApiError {
  override readonly name: string = 'WebhookVerificationError';

  constructor(message: string) {
    super(message, { type: 'webhook_verification_error' });
  }
}
