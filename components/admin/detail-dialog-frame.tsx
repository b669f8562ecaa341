"use client";

import { useRouter } from "next/navigation";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

/**
 * A back-office detail dialog's frame: open while the URL names a record (?view=), closed by going back to the
 * list's URL. The tab panels are rendered on the server and passed in; on wider screens the tabs share one row.
 */
export function DetailDialogFrame({
  title,
  description,
  closeHref,
  tabs,
  testId = "application-dialog",
  closeLabel,
}: {
  title: string;
  description: string;
  closeHref: string;
  tabs: { value: string; label: string; content: React.ReactNode }[];
  testId?: string;
  /** The close button's name, from adminCommon.close (the frame's own messages may not be on the client). */
  closeLabel: string;
}) {
  const router = useRouter();
  return (
    <Dialog open onOpenChange={(open) => !open && router.push(closeHref, { scroll: false })}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-3xl" data-testid={testId} closeLabel={closeLabel}>
        <DialogHeader>
          <DialogTitle className="text-base break-all sm:text-lg">{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <Tabs defaultValue={tabs[0]?.value} className="min-w-0">
          <TabsList className="grid h-auto w-full grid-cols-2 sm:auto-cols-fr sm:grid-flow-col sm:grid-cols-none">
            {tabs.map((tab) => (
              <TabsTrigger key={tab.value} value={tab.value} data-testid={`tab-${tab.value}`}>
                {tab.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {tabs.map((tab) => (
            <TabsContent key={tab.value} value={tab.value} className="min-w-0 pt-2">
              {tab.content}
            </TabsContent>
          ))}
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
