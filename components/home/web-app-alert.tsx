"use client";

import { Globe } from "@/components/icons";
import { useState, type ReactNode } from "react";

/**
 * "Use Web App Instead": reveals an inline alert. Chosen over window.alert, which blocks the page
 * and shows the browser's own English chrome around our Bengali text. The alert and the classes are
 * rendered by the server (app-download.tsx); this part only shows and hides it.
 */
export function WebAppAlert({
  button,
  buttonClassName,
  close,
  closeClassName,
  children,
}: {
  button: string;
  buttonClassName: string;
  close: string;
  closeClassName: string;
  /** The alert itself. */
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className="space-y-3">
      <button
        type="button"
        className={buttonClassName}
        aria-expanded={open}
        aria-controls="web-app-alert"
        data-testid="web-app-button"
        onClick={() => setOpen((v) => !v)}
      >
        <Globe aria-hidden />
        {button}
      </button>
      {open && (
        <div id="web-app-alert" data-testid="web-app-alert" className="space-y-2">
          {children}
          <button type="button" className={closeClassName} onClick={() => setOpen(false)}>
            {close}
          </button>
        </div>
      )}
    </div>
  );
}
