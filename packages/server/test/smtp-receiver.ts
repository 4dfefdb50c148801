import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message the receiver accepted: its envelope recipients and the parsed message. */
export interface Accepted {
  to: string[];
  mail: ParsedMail;
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that keeps what it accepts. `hold`
 * makes it keep the next message's DATA unanswered (a mail server mid-accept), until released;
 * `reject` refuses one for now; `unknown` addresses are refused for good.
 */
export class SmtpReceiver {
  readonly accepted: Accepted[] = [];
  /** Messages whose DATA arrived, accepted or not. */
  started = 0;
  hold: (() => boolean) | undefined;
  /** Awaited before a message's DATA is answered (a slow mail server). */
  before: (() => Promise<void>) | undefined;
  /** Makes it refuse the next message's DATA with a temporary error (451) when it answers true. */
  reject: (() => boolean) | undefined;
  /** Addresses it has no mailbox for: refused at RCPT TO for good (550). */
  readonly unknown = new Set<string>();
  readonly #server: SMTPServer;
  port = 0;

  constructor() {
    this.#server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (this.unknown.has(address.address)) callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
        else callback();
      },
      onData: (stream, session, callback) => {
        this.started += 1;
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        void simpleParser(stream).then(async (mail) => {
          await this.before?.();
          if (this.hold?.() === true) return; // never answered: the sender sees no 250
          if (this.reject?.() === true) {
            callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
            return;
          }
          this.accepted.push({ to, mail });
          callback();
        }, callback);
      },
    });
    // A sender killed mid-message (email-crash.test.ts) resets its connection, which smtp-server
    // reports as the server's 'error' event: expected there. Anything else still fails the run.
    this.#server.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET') throw error;
    });
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.port = (this.#server.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The recipients of every accepted message, sorted. */
  recipients(): string[] {
    return this.accepted.flatMap((message) => message.to).sort();
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}
