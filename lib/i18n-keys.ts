/** Pure helpers behind the message-file check (scripts/check-messages.ts). */
export function flattenKeys(value: unknown, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      for (const [key, leaf] of flattenKeys(v, prefix ? `${prefix}.${k}` : k)) out.set(key, leaf);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

export function compareMessageKeys(files: Record<string, unknown>): string[] {
  const flat = Object.entries(files).map(([locale, json]) => [locale, flattenKeys(json)] as const);
  const problems: string[] = [];
  for (const [locale, keys] of flat) {
    for (const [key, value] of keys) {
      if (typeof value !== "string" || value.trim() === "") problems.push(`${locale}: ${key} is empty or not text`);
      for (const [other, otherKeys] of flat) {
        if (other !== locale && !otherKeys.has(key)) problems.push(`${key} is in ${locale} but missing from ${other}`);
      }
    }
  }
  return problems;
}
