import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { readConfig } from "~/config/env.server";
import { logger } from "~/config/logger.server";

/**
 * Outgoing e-mail through nodemailer: SMTP_URL in production; without it
 * every message is written as a JSON file to DATA_DIR/mail, where people
 * developing the site and the end-to-end tests read the links.
 */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export const MAIL_FROM = process.env.MAIL_FROM ?? "Metryka <no-reply@metryka.invalid>";

export function mailFolder(): string {
  return path.join(readConfig().dataDir, "mail");
}

let transport: Transporter | undefined;

export async function sendMail(mail: Mail): Promise<void> {
  const smtp = process.env.SMTP_URL;
  if (smtp) {
    transport ??= nodemailer.createTransport(smtp);
    await transport.sendMail({ from: MAIL_FROM, ...mail });
    logger.info({ to: mail.to, subject: mail.subject }, "mail sent");
    return;
  }
  const folder = mailFolder();
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `${Date.now()}-${randomBytes(4).toString("hex")}.json`);
  writeFileSync(file, JSON.stringify({ from: MAIL_FROM, ...mail, at: new Date().toISOString() }, null, 2));
  logger.info({ to: mail.to, subject: mail.subject, file }, "mail written to the data folder (no SMTP_URL)");
}

/** An address as pages show it back ("j••••••@example.org"): enough to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const [local, domain] = email.split("@");
  if (!domain) return "your address";
  return `${local.slice(0, 1)}${"•".repeat(Math.max(1, Math.min(local.length - 1, 6)))}@${domain}`;
}
