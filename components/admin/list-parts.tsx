/** Pieces every back-office list shares: tabs as links, a filter select of the GET form, the empty state. */
import type { LucideIcon } from "lucide-react";
import Link from "next/link";
import { compactSelectClassName } from "@/components/forms/native-select";
import { Card, CardContent } from "@/components/ui/card";
import { cn } from "@/lib/utils";

/** Tabs as links, each a filtered URL (works before and without JavaScript); the current one marked. */
export function ListTabs({ label, testId, tabs }: { label: string; testId: string; tabs: { key: string; label: string; href: string; current: boolean }[] }) {
  return (
    <nav className="mb-3 flex gap-1 overflow-x-auto rounded-md bg-muted p-1" aria-label={label} data-testid={testId}>
      {tabs.map((tab) => (
        <Link
          key={tab.key}
          href={tab.href}
          aria-current={tab.current ? "page" : undefined}
          className={cn("rounded px-3 py-1.5 text-sm font-medium whitespace-nowrap", tab.current ? "bg-background shadow-sm" : "text-muted-foreground hover:text-foreground")}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

/** One select of a list's filter form: `name` is the URL parameter. */
export function FilterSelect({ name, value, label, options, className }: { name: string; value: string; label: string; options: { value: string; label: string }[]; className?: string }) {
  return (
    <select name={name} defaultValue={value} aria-label={label} className={cn(compactSelectClassName, className)}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** What a list shows when nothing matches. */
export function EmptyState({ icon: Icon, title, text, testId }: { icon: LucideIcon; title: string; text: string; testId: string }) {
  return (
    <Card data-testid={testId}>
      <CardContent className="flex flex-col items-center py-12 text-center">
        <Icon className="mb-3 size-10 text-muted-foreground" aria-hidden />
        <p className="font-semibold">{title}</p>
        <p className="text-sm text-muted-foreground">{text}</p>
      </CardContent>
    </Card>
  );
}

/** `raw`: the figure as a number, on data-value for tests. */
export type StatCard = { key: string; label: string; value: string; note?: string; tone?: string; raw?: number };

/** A list's figure cards (computed on the server); `testIdPrefix` + key names each for the tests. */
export function StatCards({ cards, testIdPrefix, columns = "md:grid-cols-4" }: { cards: StatCard[]; testIdPrefix: string; columns?: string }) {
  return (
    <div className={cn("mb-4 grid grid-cols-2 gap-3", columns)}>
      {cards.map((card) => (
        <Card key={card.key} className="gap-1 py-4" data-testid={`${testIdPrefix}${card.key}`}>
          <CardContent className="px-4">
            <p className="text-xs text-muted-foreground">{card.label}</p>
            <p className={cn("text-xl font-bold", card.tone)} data-value={card.raw}>
              {card.value}
            </p>
            {card.note ? <p className="text-xs text-muted-foreground">{card.note}</p> : null}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
