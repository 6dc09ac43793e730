import { escapeHtml, type Route } from './http.ts';

export type OutboxMessage = {
  channel: 'sms' | 'email' | 'whatsapp';
  to: string;
  subject?: string;
  body: string;
  at: string;
  provider?: string;
  /** An email's HTML part, as sent. */
  html?: string;
  /** A WhatsApp template's URL buttons: each label and the URL it opens, its parameter filled in. */
  buttons?: Array<{ text: string; url: string }>;
  /** Email attachments: `content` decoded as UTF-8 text, `base64` the bytes as sent, `size` in bytes. */
  attachments?: Array<{ filename: string; content: string; base64?: string; size?: number }>;
};

/** Every message the sandbox "delivered", newest last (DESIGN.md "Outbox"). */
export class Outbox {
  messages: OutboxMessage[] = [];
  push(m: Omit<OutboxMessage, 'at'>) {
    this.messages.push({ ...m, at: new Date().toISOString() });
  }
  routes(): Route[] {
    return [
      { method: 'GET', pattern: '/outbox', handler: () => ({ json: this.messages }) },
      {
        method: 'DELETE',
        pattern: '/outbox',
        handler: () => {
          this.messages = [];
          return { status: 204 };
        },
      },
      {
        method: 'GET',
        pattern: '/',
        handler: () => ({
          html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tablemates sandbox outbox</title>
<meta http-equiv="refresh" content="5"><style>body{font:15px system-ui;margin:2rem;max-width:60rem}li{margin:.75rem 0;padding:.75rem;border:1px solid #ddd;border-radius:.5rem}small{color:#555}</style></head>
<body><h1>Sandbox outbox</h1><p>Messages the local stand-ins for SMS, email and WhatsApp received, newest last. Refreshes every 5 seconds.</p>
<ol>${this.messages.map((m) => `<li><small>${escapeHtml(m.at)} · ${m.channel} → ${escapeHtml(m.to)}</small>${m.subject ? `<h2>${escapeHtml(m.subject)}</h2>` : ''}${m.html ? `<iframe sandbox title="${escapeHtml(m.subject ?? 'email')}" srcdoc="${escapeHtml(m.html)}" style="width:100%;height:32rem;border:1px solid #ddd;border-radius:.5rem"></iframe><details><summary>Plain text</summary><pre style="white-space:pre-wrap">${escapeHtml(m.body)}</pre></details>` : `<pre style="white-space:pre-wrap">${escapeHtml(m.body)}</pre>`}${m.buttons ? `<p>${m.buttons.map((b) => `<a href="${escapeHtml(b.url)}">${escapeHtml(b.text)}</a>`).join(' · ')}</p>` : ''}${m.attachments?.length ? `<p>Attachments: ${m.attachments.map((a) => `<a download="${escapeHtml(a.filename)}" href="data:application/octet-stream;base64,${escapeHtml(a.base64 ?? '')}">${escapeHtml(a.filename)}</a> (${a.size ?? 0} bytes)`).join(' · ')}</p>` : ''}</li>`).join('')}</ol></body></html>`,
        }),
      },
    ];
  }
}
