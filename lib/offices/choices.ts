/** How an office is named in a picker (pure): indented by its depth in the tree, its code, its name in the reader's language and its level. */
import type { OfficeLevel } from "@/lib/generated/prisma/enums";

type Named = { id: string; code: string; nameBn: string; nameEn: string; level: OfficeLevel; depth: number; status: string };

export function officeChoices(offices: readonly Named[], locale: "bn" | "en", levelName: (level: OfficeLevel) => string, keep: (o: Named) => boolean = () => true) {
  return offices
    .filter((o) => o.status === "open" && keep(o))
    .map((o) => ({ id: o.id, label: `${"— ".repeat(o.depth)}${o.code} · ${locale === "bn" ? o.nameBn : o.nameEn} (${levelName(o.level)})` }));
}
