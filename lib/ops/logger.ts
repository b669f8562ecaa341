import pino, { type Logger } from "pino";
import { maskText, maskValue } from "./log-mask";
import { currentRequest } from "./request-context";

/**
 * The one logger: JSON lines on stdout (what a container runtime or journald collects), each with the time, the level,
 * the area, the request id of the request it belongs to, and nothing that must not be logged (lib/ops/log-mask.ts
 * masks every field and string on the way out). Use `log.child({ area: "outbox" })` per module and pass errors as
 * `{ err }`.
 */
function createLogger(): Logger {
  return pino(
    {
      level: process.env.LOG_LEVEL ?? "info",
      base: { service: "rinbondhu" },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Errors are already reduced to type, message and stack by maskValue; pino's own serializer would rename them.
      serializers: { err: (value: unknown) => value },
      formatters: {
        level: (label) => ({ level: label }),
        log: (object) => maskValue(object) as Record<string, unknown>,
      },
      mixin: () => {
        const request = currentRequest();
        return request ? { requestId: request.requestId } : {};
      },
      hooks: {
        // The message and its format arguments are masked too; an Error passed first becomes { err } with a masked message.
        logMethod(args, method) {
          const [first, ...rest] = args as unknown[];
          if (first instanceof Error) return method.apply(this, [{ err: first }, maskText(first.message), ...rest.map(maskArgument)] as Parameters<typeof method>);
          return method.apply(this, [typeof first === "string" ? maskText(first) : first, ...rest.map(maskArgument)] as Parameters<typeof method>);
        },
      },
    },
    process.stdout,
  );
}

const maskArgument = (value: unknown) => (typeof value === "string" ? maskText(value) : maskValue(value));

const globalForLogger = globalThis as unknown as { logger?: Logger };
export const log: Logger = (globalForLogger.logger ??= createLogger());
