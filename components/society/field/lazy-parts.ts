"use client";

import dynamic from "next/dynamic";

/**
 * The field screen's forms (a member's collection, a refused entry, the day's hand-over) with their form code
 * (react-hook-form, zod, the dialog) load apart from the sheet: the first paint shows the sheet without them.
 * `loadFormParts` fetches all three once the screen is up, so they are in the service worker's cache before the
 * phone goes offline.
 */
const recordDialog = () => import("./record-dialog");
const attentionList = () => import("./attention-list");
const dayClose = () => import("./day-close");

export const RecordDialog = dynamic(() => recordDialog().then((m) => m.RecordDialog), { ssr: false });
export const AttentionList = dynamic(() => attentionList().then((m) => m.AttentionList), { ssr: false });
export const DayClose = dynamic(() => dayClose().then((m) => m.DayClose), { ssr: false });

export async function loadFormParts(): Promise<void> {
  await Promise.all([recordDialog(), attentionList(), dayClose()]);
}
