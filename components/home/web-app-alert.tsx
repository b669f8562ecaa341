"use client";

import { Globe } from "lucide-react";
import { useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

export type WebAppAlertLabels = { button: string; title: string; text: string; close: string };

/**
 * "Use Web App Instead": reveals an inline alert. Chosen over window.alert, which blocks the page
 * and shows the browser's own English chrome around our Bengali text.
 */
export function WebAppAlert({ labels }: { labels: WebAppAlertLabels }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="space-y-3">
      <Button
        type="button"
        variant="link"
        className="h-auto px-0 whitespace-normal has-[>svg]:px-0"
        aria-expanded={open}
        aria-controls="web-app-alert"
        data-testid="web-app-button"
        onClick={() => setOpen((v) => !v)}
      >
        <Globe aria-hidden />
        {labels.button}
      </Button>
      {open && (
        <Alert id="web-app-alert" data-testid="web-app-alert" className="border-primary/30 bg-secondary">
          <Globe aria-hidden />
          <AlertTitle className="line-clamp-none">{labels.title}</AlertTitle>
          <AlertDescription>
            <p>{labels.text}</p>
            <Button type="button" variant="outline" size="sm" className="mt-1" onClick={() => setOpen(false)}>
              {labels.close}
            </Button>
          </AlertDescription>
        </Alert>
      )}
    </div>
  );
}
