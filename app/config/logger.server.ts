import pino from "pino";

/** The one application logger; JSON lines in production, level from LOG_LEVEL. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? "info",
  base: undefined,
  redact: ["req.headers.authorization", "req.headers.cookie", "res.headers['set-cookie']"],
});
