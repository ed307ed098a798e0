import { randomUUID } from "node:crypto";

/** This process, among the instances that share a PostgreSQL database: the runner a claimed job names. */
export const INSTANCE_ID = randomUUID();
