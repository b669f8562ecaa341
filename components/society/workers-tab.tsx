import { MapPin, Phone } from "lucide-react";
import { getLocale, getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent } from "@/components/ui/card";
import type { Locale } from "@/i18n/config";
import { formatNumber, formatPhone, formatTaka } from "@/lib/format";
import type { listWorkers } from "@/lib/society/queries";
import { initialOf, NAME_LIMIT, truncateName } from "@/lib/society/rules";
import { societyHref } from "@/lib/society/tabs";
import { AddWorkerDialog } from "./add-worker-dialog";
import { DeleteRecordButton } from "./delete-record-button";

export async function WorkersTab({ societyId, workers, isAdmin }: { societyId: string; workers: Awaited<ReturnType<typeof listWorkers>>; isAdmin: boolean }) {
  const [t, tCollection, locale] = await Promise.all([getTranslations("society.workers"), getTranslations("society.collection"), getLocale() as Promise<Locale>]);
  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <AddWorkerDialog societyId={societyId} />
      </div>
      {workers.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground" data-testid="workers-empty">
          {t("empty")}
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="worker-cards">
          {workers.map((w) => (
            <li key={w.id}>
              <Card className="gap-0 py-3" data-testid="worker-card">
                <CardContent className="flex gap-3 px-3">
                  {w.photoId ? (
                    // eslint-disable-next-line @next/next/no-img-element -- an authorized route's small WebP, not a static asset
                    <img
                      src={`${societyHref(societyId)}/workers/${w.id}/photo`}
                      alt={t("photoAlt", { name: w.name })}
                      width={56}
                      height={56}
                      loading="lazy"
                      className="size-14 shrink-0 rounded-full object-cover"
                    />
                  ) : (
                    <span aria-hidden className="flex size-14 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xl font-bold text-primary">
                      {initialOf(w.name)}
                    </span>
                  )}
                  <div className="min-w-0 flex-1 space-y-0.5">
                    <div className="flex items-center gap-2">
                      <p className="font-semibold" title={w.name}>
                        {truncateName(w.name, NAME_LIMIT.worker)}
                      </p>
                      <Badge variant="secondary" className="bg-green-100 text-green-800">
                        {t("active")}
                      </Badge>
                    </div>
                    <p className="text-xs text-muted-foreground">{w.code}</p>
                    <p className="flex items-center gap-1 text-sm">
                      <MapPin aria-hidden className="size-3.5 text-muted-foreground" />
                      {w.area}
                    </p>
                    <p className="flex items-center gap-1 text-sm">
                      <Phone aria-hidden className="size-3.5 text-muted-foreground" />
                      <a href={`tel:${w.phone}`} className="hover:underline">
                        {formatPhone(w.phone)}
                      </a>
                    </p>
                    <dl className="grid grid-cols-2 gap-2 pt-1 text-xs">
                      <div>
                        <dt className="text-muted-foreground">{t("members")}</dt>
                        <dd className="font-semibold tabular-nums" data-testid="worker-members">{formatNumber(w.totalMembers, locale)}</dd>
                      </div>
                      <div>
                        {/* Today's (Asia/Dhaka) instalments and savings, not a running total. */}
                        <dt className="text-muted-foreground">{tCollection("todayAmount")}</dt>
                        <dd className="font-semibold whitespace-nowrap tabular-nums" data-testid="worker-collection">
                          {formatTaka(w.collectedToday, locale)}
                        </dd>
                      </div>
                    </dl>
                  </div>
                  <div className="shrink-0">
                    <DeleteRecordButton societyId={societyId} kind="worker" id={w.id} name={w.name} isAdmin={isAdmin} compact />
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
