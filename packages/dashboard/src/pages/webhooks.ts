import { css, html, nothing, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { WEBHOOK_EVENT_TYPES } from '@inlay/core';
import { askFirst } from '../ui/ask-first.js';
import { copy, Page, when } from '../ui/page.js';
import { secretOnce } from '../ui/secret.js';

interface Endpoint {
  id: string;
  mode: string;
  url: string;
  events: string[] | '*';
  enabled: boolean;
  disabledReason: string | null;
  failingSince: string | null;
  createdAt: string;
}
interface Delivery {
  id: string;
  type: string;
  status: string;
  attempts: number;
  nextAttemptAt: string | null;
  createdAt: string;
  request: { body: string };
  log: { attemptedAt: string; statusCode: number | null; latencyMs: number | null; responseExcerpt: string | null; error: string | null }[];
}

/** Webhook endpoints: add, events, enable, signing secret (shown once) and rotation, the delivery log with replay, a test event, and delete (asked first). */
export class WebhooksPage extends Page {
  static override styles = [
    ...Page.styles,
    css`
      .events { display: grid; grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr)); gap: 0.25rem 1rem; }
      pre { white-space: pre-wrap; overflow-wrap: anywhere; background: var(--code-bg); padding: 0.5rem; border-radius: 6px; font-size: 0.8rem; margin: 0.25rem 0; }
      details { margin: 0.25rem 0; }
      .endpoint h2 { overflow-wrap: anywhere; }
    `,
  ];
  static override properties = { ...Page.properties, endpoints: { state: true }, secret: { state: true }, open: { state: true }, deliveries: { state: true }, allEvents: { state: true }, deleting: { state: true } };
  endpoints?: Endpoint[];
  secret?: { endpointId: string; value: string };
  /** The endpoint whose delivery log is open. */
  open = '';
  deliveries: Delivery[] = [];
  allEvents = true;
  /** The endpoint whose delete is being confirmed. */
  deleting = '';

  protected override async load(): Promise<void> {
    this.endpoints = await this.ctx.api.get<Endpoint[]>(`/webhooks?mode=${this.ctx.mode}`);
    if (this.open) await this.#loadDeliveries(this.open);
  }

  /**
   * A signing secret on screen is shown this once, and an endpoint typed in is not added yet:
   * leaving asks first (docs/dashboard.md, "Unsaved changes").
   */
  override unsavedWork(): string {
    const secret = this.secret;
    if (secret && this.endpoints?.some((endpoint) => endpoint.id === secret.endpointId)) return 'The signing secret is shown only this once: copy it before you leave.';
    const url = this.renderRoot?.querySelector<HTMLInputElement>('input[name="url"]')?.value.trim();
    return url ? `The endpoint ${url} is not added yet.` : '';
  }

  async #add(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    // Read before any await: once dispatch ends, an event from a shadow tree has no target.
    const element = event.target as HTMLFormElement;
    const form = new FormData(element);
    const events = this.allEvents ? '*' : form.getAll('event').map(String);
    const done = await this.act(async () => {
      const created = await this.ctx.api.post<{ id: string; secret: string }>('/webhooks', { url: form.get('url'), mode: this.ctx.mode, events });
      this.secret = { endpointId: created.id, value: created.secret };
      await this.load();
    });
    if (done) {
      // The form starts over, "Every event" included (a reset alone unticks it under a bound property).
      element.reset();
      this.allEvents = true;
      this.ctx.announce('Endpoint added. Copy its signing secret now.');
    }
  }

  async #patch(endpoint: Endpoint, body: { events?: string[] | '*'; enabled?: boolean }): Promise<void> {
    if (await this.act(async () => {
      await this.ctx.api.patch(`/webhooks/${encodeURIComponent(endpoint.id)}`, body);
      await this.load();
    })) this.ctx.announce('Endpoint updated.');
  }

  async #rotate(endpoint: Endpoint): Promise<void> {
    if (await this.act(async () => {
      const rotated = await this.ctx.api.post<{ secret: string; previousSecretExpiresAt: string }>(`/webhooks/${encodeURIComponent(endpoint.id)}/rotate-secret`);
      this.secret = { endpointId: endpoint.id, value: rotated.secret };
    })) this.ctx.announce('Secret rotated; the old one keeps signing for 24 hours. Copy the new one now.');
  }

  async #remove(endpoint: Endpoint): Promise<void> {
    if (await this.act(async () => {
      await this.ctx.api.delete(`/webhooks/${encodeURIComponent(endpoint.id)}`);
      this.deleting = '';
      if (this.open === endpoint.id) this.open = '';
      await this.load();
    })) this.ctx.announce(`Endpoint ${endpoint.url} deleted.`);
  }

  async #loadDeliveries(endpointId: string): Promise<void> {
    this.deliveries = await this.ctx.api.get<Delivery[]>(`/webhooks/${encodeURIComponent(endpointId)}/deliveries?limit=50`);
  }

  async #toggleLog(endpoint: Endpoint): Promise<void> {
    if (this.open === endpoint.id) {
      this.open = '';
      return;
    }
    await this.act(async () => {
      await this.#loadDeliveries(endpoint.id);
      this.open = endpoint.id;
    });
  }

  async #test(endpoint: Endpoint): Promise<void> {
    if (await this.act(async () => {
      await this.ctx.api.post(`/webhooks/${encodeURIComponent(endpoint.id)}/test`);
      await this.#loadDeliveries(endpoint.id);
      this.open = endpoint.id;
    })) this.ctx.announce('Test event queued.');
  }

  async #replay(delivery: Delivery): Promise<void> {
    if (await this.act(async () => {
      await this.ctx.api.post(`/webhooks/deliveries/${encodeURIComponent(delivery.id)}/replay`);
      await this.#loadDeliveries(this.open);
    })) this.ctx.announce('Delivery queued again.');
  }

  #endpoint(endpoint: Endpoint): TemplateResult {
    const all = endpoint.events === '*';
    const chosen = new Set(all ? WEBHOOK_EVENT_TYPES : endpoint.events);
    return html`
      <section class="card endpoint" aria-label="Endpoint ${endpoint.url}">
        <h2>${endpoint.url}</h2>
        <p class="muted">
          ${endpoint.enabled ? 'Enabled' : `Disabled${endpoint.disabledReason ? `: ${endpoint.disabledReason}` : ''}`}
          ${endpoint.failingSince ? html` · <span class="error">failing since ${when(endpoint.failingSince)}</span>` : nothing}
          · ${all ? 'every event' : `${chosen.size} events`} · added ${when(endpoint.createdAt)}
        </p>
        ${this.secret?.endpointId === endpoint.id
          ? secretOnce('Signing secret', this.secret.value, () => void copy(this.secret?.value ?? '').then((ok) => this.ctx.announce(ok ? 'Secret copied.' : 'Copying failed: select the secret and copy it by hand.')), () => (this.secret = undefined))
          : nothing}
        <details>
          <summary>Events</summary>
          <div class="events">
            ${WEBHOOK_EVENT_TYPES.map(
              (type) => html`<label class="inline"><input type="checkbox" .checked=${chosen.has(type)} @change=${(event: Event) => {
                const next = new Set(chosen);
                if ((event.target as HTMLInputElement).checked) next.add(type);
                else next.delete(type);
                void this.#patch(endpoint, { events: next.size === WEBHOOK_EVENT_TYPES.length ? '*' : [...next] });
              }} /> <code>${type}</code></label>`,
            )}
          </div>
        </details>
        <div class="row">
          <button type="button" @click=${() => void this.#test(endpoint)}>Send test event</button>
          <button type="button" aria-expanded=${this.open === endpoint.id ? 'true' : 'false'} @click=${() => void this.#toggleLog(endpoint)}>Delivery log</button>
          <button type="button" @click=${() => void this.#patch(endpoint, { enabled: !endpoint.enabled })}>${endpoint.enabled ? 'Disable' : 'Enable'}</button>
          <button type="button" @click=${() => void this.#rotate(endpoint)}>Rotate secret</button>
          ${askFirst({
            asking: this.deleting === endpoint.id,
            ask: 'Delete…',
            askLabel: `Delete endpoint ${endpoint.url}`,
            note: 'Its deliveries stop and its delivery log is deleted.',
            confirm: 'Delete endpoint now',
            keep: 'Keep it',
            disabled: this.busy,
            onAsk: () => (this.deleting = endpoint.id),
            onConfirm: () => void this.#remove(endpoint),
            onKeep: () => (this.deleting = ''),
          })}
        </div>
        ${this.open === endpoint.id ? this.#log() : nothing}
      </section>
    `;
  }

  #log(): TemplateResult {
    if (this.deliveries.length === 0) return html`<p class="muted">No deliveries yet.</p>`;
    return html`
      <h3>Deliveries</h3>
      <ul class="plain">
        ${this.deliveries.map(
          (delivery) => html`<li class="card">
            <div class="row">
              <code>${delivery.type}</code>
              <span class="badge">${delivery.status}</span>
              <span class="muted">${when(delivery.createdAt)} · ${delivery.attempts} ${delivery.attempts === 1 ? 'attempt' : 'attempts'}${delivery.nextAttemptAt ? ` · next ${when(delivery.nextAttemptAt)}` : ''}</span>
              <button type="button" @click=${() => void this.#replay(delivery)}>Replay</button>
            </div>
            <details>
              <summary>Request body</summary>
              <pre>${delivery.request.body}</pre>
            </details>
            ${delivery.log.map(
              (attempt) => html`<details>
                <summary>${when(attempt.attemptedAt)}: ${attempt.statusCode ?? 'no response'}${attempt.latencyMs === null ? '' : ` in ${attempt.latencyMs} ms`}${attempt.error ? ` (${attempt.error})` : ''}</summary>
                <pre>${attempt.responseExcerpt ?? ''}</pre>
              </details>`,
            )}
          </li>`,
        )}
      </ul>
    `;
  }

  protected override render(): TemplateResult {
    return html`
      <h1>Webhooks</h1>
      <p class="muted">Signed POSTs to your server when something happens (docs/webhooks.md). Showing ${this.ctx.mode} mode.</p>
      <form class="card" @submit=${(event: SubmitEvent) => void this.#add(event)}>
        <h2>Add an endpoint</h2>
        <label>URL (https) <input name="url" type="url" required placeholder="https://example.com/inlay-webhooks" /></label>
        <p><label class="inline"><input type="checkbox" .checked=${live(this.allEvents)} @change=${(event: Event) => (this.allEvents = (event.target as HTMLInputElement).checked)} /> Every event</label></p>
        ${this.allEvents
          ? nothing
          : html`<fieldset><legend>Events</legend><div class="events">${WEBHOOK_EVENT_TYPES.map((type) => html`<label class="inline"><input type="checkbox" name="event" value=${type} /> <code>${type}</code></label>`)}</div></fieldset>`}
        <button class="primary" type="submit" ?disabled=${this.busy}>Add ${this.ctx.mode} endpoint</button>
      </form>
      ${this.renderError()}
      ${this.endpoints === undefined ? html`<p class="muted">Loading…</p>` : this.endpoints.length === 0 ? html`<p>No ${this.ctx.mode} endpoints.</p>` : this.endpoints.map((endpoint) => this.#endpoint(endpoint))}
    `;
  }
}
customElements.define('dash-webhooks', WebhooksPage);
