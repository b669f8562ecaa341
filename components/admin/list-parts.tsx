/** Pieces every back-office list shares: tabs as links, the filter form and its selects, the table, the empty state, the figure cards. */
import { Eye, type LucideIcon } from "lucide-react";
import Link from "next/link";
import { compactSelectClassName } from "@/components/forms/native-select";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Table, TableBody, TableHead, TableHeader, TableRow } from "@/components/ui/table";
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

/**
 * A list's filters as a plain GET form (works before and without JavaScript), ending in its Search button. It is a
 * search landmark named by `label`, told apart from the header's search of the whole back office.
 */
export function FilterForm({ action, testId, label, submitLabel, children }: { action: string; testId: string; label: string; submitLabel: string; children: React.ReactNode }) {
  return (
    <form action={action} className="mb-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap" role="search" aria-label={label} data-testid={testId}>
      {children}
      <Button type="submit" variant="secondary">
        {submitLabel}
      </Button>
    </form>
  );
}

/** A list's table, scrolling sideways inside its border on a phone; the last column (the actions) on the right. */
/** A list's table; its last column is right-aligned (amounts, actions) unless `lastColumn` says it holds text. */
export function ListTable({ testId, columns, children, lastColumn = "right" }: { testId: string; columns: string[]; children: React.ReactNode; lastColumn?: "right" | "left" }) {
  return (
    <div className="overflow-x-auto rounded-md border bg-background">
      <Table data-testid={testId}>
        <TableHeader>
          <TableRow>
            {columns.map((label, index) => (
              <TableHead key={label} className={index === columns.length - 1 && lastColumn === "right" ? "text-right" : undefined}>
                {label}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>{children}</TableBody>
      </Table>
    </div>
  );
}

/** A row's View action: opens the record's dialog by its URL (?view=), keeping the list where it was scrolled. */
export function ViewLink({ href, label, testId }: { href: string; label: string; testId: string }) {
  return (
    <Button asChild size="sm" variant="ghost">
      <Link href={href} scroll={false} data-testid={testId}>
        <Eye aria-hidden />
        {label}
      </Link>
    </Button>
  );
}
