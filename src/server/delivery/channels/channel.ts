/**
 * One interface for every way a message leaves the cabinet (sandbox, WAHA WhatsApp, Telegram Bot API, …).
 * The delivery engine only talks to this; adapters translate to their provider's documented HTTP API.
 */

/** `twilio`, `sigma` and `waba` only send through an owner's connection (routing.ts), never as DELIVERY_CHANNEL. */
export type ChannelName = 'sandbox' | 'waha' | 'telegram' | 'twilio' | 'sigma' | 'waba';

export interface OutgoingMessage {
  /** Stable per planned message: a retried send carries the same key, so the provider or adapter can drop repeats. */
  idempotencyKey: string;
  /** Recipient: digits of an E.164 phone without the plus (WhatsApp/SMS) or a Telegram chat id. */
  to: string;
  /** Final text after variables are filled; markup is the product's (*bold*, _italic_), adapters convert if needed. */
  text: string;
  /** Enabled simple-answer buttons only (§3: URL and call buttons are not sent). */
  buttons?: string[];
  /**
   * An image the server stored (a flow image, read by its key from flows/image-store.ts), sent as bytes: no adapter
   * ever hands a provider an address to fetch (docs/channels.md "Images").
   */
  image?: OutgoingImage;
  /** WhatsApp Business only: the flow's template for this message (docs/connections.md "WhatsApp Business (360dialog)"). */
  template?: OutgoingTemplate;
}

export interface OutgoingTemplate {
  name: string;
  language: string;
  /** The values of its {{1}}…{{n}}, rendered for this message. */
  variables: string[];
  /** What the message log keeps when the template is what went out. */
  logText: string;
  /** The client wrote within 24 hours: the flow's own text goes, the template only if Meta refuses it (131047). */
  freeTextFirst: boolean;
}

export interface OutgoingImage {
  data: Uint8Array;
  mimetype: 'image/png' | 'image/jpeg';
  /** Ours (`flow-<id>.png`), never the uploader's file name. */
  filename: string;
}

export type SendResult =
  | {
      ok: true;
      providerMessageId: string;
      /** What went out when it is not the text the claim stored (a template sent after Meta refused the free text). */
      text?: string;
    }
  | {
      ok: false;
      /** True for rate limits, timeouts and provider 5xx: the engine retries later with backoff. */
      retryable: boolean;
      /** Provider's own wait hint (Retry-After, Telegram `parameters.retry_after`), in ms. */
      retryAfterMs?: number;
      /** Short reason stored in the message log ("rate limited", "chat not found", …). */
      reason: string;
      /**
       * The request may have reached the provider (timeout, connection cut after sending): it may have been delivered.
       * The engine never resends such a message (at most once on an unknown outcome).
       */
      ambiguous?: true;
    };

/** Status changes a provider reports after a send (webhooks or polling). */
export type DeliveryEvent = { providerMessageId: string; status: 'delivered' | 'read' | 'replied' | 'failed'; at: number; reason?: string };

export interface Channel {
  readonly name: ChannelName;
  /** Sends one message. Never throws for provider answers: failures come back as `{ ok: false }`. */
  send(message: OutgoingMessage): Promise<SendResult>;
  /**
   * Sends a whole batch at once (the sandbox: one INSERT), results in the batch's order; a channel without it gets
   * its batch's messages through `send`, several at a time within its pacing. Never throws for provider answers.
   */
  sendBatch?(messages: readonly OutgoingMessage[]): Promise<SendResult[]>;
}
