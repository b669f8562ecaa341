import { Download } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { dhakaToday } from "@/lib/format";
import { societyDownloads } from "@/lib/society/tabs";
import { PdfLink } from "./pdf-link";
import { RestoreBackup } from "./restore-backup";

/**
 * The society's documents: the complete database PDF and a JSON backup download; on the reports tab
 * (given the current counts) also every collection of a date range and the backup restore. The range form is a
 * plain GET form into a new tab, so it works without script.
 */
export async function SocietyDocuments({ societyId, isAdmin, current }: { societyId: string; isAdmin: boolean; current?: { workers: number; members: number; collections: number } }) {
  const t = await getTranslations("society.reports");
  const today = dhakaToday();
  return (
    <div className="space-y-3 text-sm">
      <div className="flex flex-wrap gap-2">
        <PdfLink href={societyDownloads.databaseReport(societyId)} testId="database-pdf">
          {t("databasePdf")}
        </PdfLink>
        <Button asChild variant="outline" size="sm">
          <a href={societyDownloads.backup(societyId)} download data-testid="backup-download">
            <Download aria-hidden className="size-4" />
            {t("backupDownload")}
          </a>
        </Button>
        <Button asChild variant="ghost" size="sm">
          <a href={societyDownloads.compressedBackup(societyId)} download data-testid="backup-download-compressed">
            {t("backupDownloadCompressed")}
          </a>
        </Button>
      </div>
      {current ? (
        <>
          <form action={societyDownloads.databaseReport(societyId)} method="get" target="_blank" className="flex flex-wrap items-end gap-2" data-testid="range-form">
            <p className="w-full font-medium">{t("rangeTitle")}</p>
            <div className="space-y-1">
              <Label htmlFor="report-from">{t("from")}</Label>
              <Input id="report-from" name="from" type="date" max={today} defaultValue={`${today.slice(0, 7)}-01`} required className="w-40" />
            </div>
            <div className="space-y-1">
              <Label htmlFor="report-to">{t("to")}</Label>
              <Input id="report-to" name="to" type="date" max={today} defaultValue={today} required className="w-40" />
            </div>
            <Button type="submit" variant="outline" size="sm">
              {t("rangePdf")}
            </Button>
          </form>
          <RestoreBackup societyId={societyId} isAdmin={isAdmin} current={current} />
        </>
      ) : null}
    </div>
  );
}
