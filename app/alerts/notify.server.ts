/**
 * Sends an alert's opening or resolution where the site's operator asked (docs/link-health.md
 * "Alerts"): a webhook (ALERT_WEBHOOK_URL: a JSON POST signed with ALERT_WEBHOOK_SECRET,
 * HMAC-SHA256 of the body in `X-Signature-256: sha256=<hex>`) and, when SMTP_URL is set, an
 * e-mail (nodemailer) to ALERT_EMAIL_TO. The webhook must answer 2xx within 10 s; the
 * SMTP server within nodemailer's own time limits.
 */
import { createHmac } from "node:crypto";

import nodemailer from "nodemailer";

import type { Env } from "~/config/env.server";

import type { AlertEvent, Incident } from "./incidents.server";

export type AlertChannels = {
  webhook: { url: string; secret: string } | null;
  email: { smtp: string; to: string; from: string } | null;
  /** The site's name, as the messages say it. */
  site: string;
};

const TIMEOUT_MS = 10_000;

/** The channels the environment configures (app/config/env.server.ts). */
export function alertChannels(
  env: Pick<
    Env,
    | "ALERT_WEBHOOK_URL"
    | "ALERT_WEBHOOK_SECRET"
    | "SMTP_URL"
    | "ALERT_EMAIL_TO"
    | "ALERT_EMAIL_FROM"
  >,
  site: { name: string; url: string },
): AlertChannels {
  return {
    webhook:
      env.ALERT_WEBHOOK_URL && env.ALERT_WEBHOOK_SECRET
        ? { url: env.ALERT_WEBHOOK_URL, secret: env.ALERT_WEBHOOK_SECRET }
        : null,
    email:
      env.SMTP_URL && env.ALERT_EMAIL_TO
        ? {
            smtp: env.SMTP_URL,
            to: env.ALERT_EMAIL_TO,
            from: env.ALERT_EMAIL_FROM ?? `alertas@${new URL(site.url).hostname}`,
          }
        : null,
    site: site.name,
  };
}

const KIND_WORDS: Record<Incident["kind"], string> = {
  "destino-roto": "Destino roto",
  "postbacks-silenciosos": "Postbacks en silencio",
  huerfanos: "Postbacks huérfanos",
};

/** The webhook's body: technical keys, the words in Spanish. */
export function alertBody(incident: Incident, event: AlertEvent, site: string): string {
  return JSON.stringify({
    event: event === "abierta" ? "opened" : "resolved",
    id: incident.id,
    kind: incident.kind,
    title: `${KIND_WORDS[incident.kind]}${event === "resuelta" ? " (resuelto)" : ""}`,
    subject: incident.subject,
    details: incident.details,
    opened_at: new Date(incident.opened_at).toISOString(),
    resolved_at:
      incident.resolved_at === null ? null : new Date(incident.resolved_at).toISOString(),
    site,
  });
}

export const signatureOf = (body: string, secret: string) =>
  `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

/** True when every configured channel took the message. */
export async function sendAlert(
  channels: AlertChannels,
  incident: Incident,
  event: AlertEvent,
): Promise<boolean> {
  let sent = true;
  if (channels.webhook) {
    const body = alertBody(incident, event, channels.site);
    try {
      const answer = await fetch(channels.webhook.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-signature-256": signatureOf(body, channels.webhook.secret),
        },
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await answer.body?.cancel().catch(() => undefined);
      if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
    } catch (error) {
      console.error(
        `[alertas] el webhook no aceptó la alerta ${incident.id}: ${(error as Error).message}`,
      );
      sent = false;
    }
  }
  if (channels.email) {
    try {
      const transport = nodemailer.createTransport(channels.email.smtp);
      const title = `${KIND_WORDS[incident.kind]}${event === "resuelta" ? " (resuelto)" : ""}`;
      await transport.sendMail({
        from: channels.email.from,
        to: channels.email.to,
        subject: `[${channels.site}] ${title}`,
        text: `${incident.details}\n\n${event === "abierta" ? "Abierta" : "Resuelta"}: ${new Date(
          event === "abierta" ? incident.opened_at : (incident.resolved_at ?? incident.opened_at),
        ).toISOString()}\nPanel: /admin/enlaces`,
      });
      transport.close();
    } catch (error) {
      console.error(
        `[alertas] no se pudo enviar el correo de la alerta ${incident.id}: ${(error as Error).message}`,
      );
      sent = false;
    }
  }
  return sent;
}
