/** Sends a text message to a phone. Implementations throw when the message was not accepted. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

export interface SmsMessage {
  to: string;
  text: string;
  /** The one-time code inside the text, when there is one (the sandbox outbox shows it). */
  code?: string;
}
