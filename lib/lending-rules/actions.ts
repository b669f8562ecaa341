"use server";
import { defineAction } from "@/lib/auth/action-client";
import { applyCalendarSchema, holidaySchema, importHolidaysSchema, removeHolidaySchema } from "./schemas";
import { addHoliday, applyCalendarToOpenLoans, importHolidays, removeHoliday } from "./service";

export const addHolidayAction = defineAction({
  name: "calendar.holiday.add",
  permission: "settings.calendar",
  input: holidaySchema,
  handler: (input, ctx) => addHoliday(ctx, input),
});

export const removeHolidayAction = defineAction({
  name: "calendar.holiday.remove",
  permission: "settings.calendar",
  input: removeHolidaySchema,
  handler: (input, ctx) => removeHoliday(ctx, input),
});

export const importHolidaysAction = defineAction({
  name: "calendar.holiday.import",
  permission: "settings.calendar",
  input: importHolidaysSchema,
  handler: (input, ctx) => importHolidays(ctx, input),
});

export const applyCalendarAction = defineAction({
  name: "calendar.apply",
  permission: "settings.calendar",
  input: applyCalendarSchema,
  handler: (_input, ctx) => applyCalendarToOpenLoans(ctx),
});
