// Calendar files read back with ical.js (a parser apart from the library that writes them), the times turned to
// instants by the VTIMEZONE blocks the file itself declares: a wrong zone block gives a wrong instant. Plain
// JavaScript with its types in calendar.d.ts, like fixtures.js, so that unit and integration tests share it.
import ICAL from "ical.js";

/** @type {typeof import("./calendar.d.ts").readCalendar} */
export const readCalendar = (text) => {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = calendar.getAllSubcomponents("vtimezone");
  const tzid = (/** @type {ICAL.Component} */ zone) => String(zone.getFirstPropertyValue("tzid"));
  // Only the file's own blocks: ical.js knows no zone but UTC until it is told.
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  try {
    const events = calendar.getAllSubcomponents("vevent").map((component) => {
      const event = new ICAL.Event(component);
      const value = (/** @type {string} */ name) => String(component.getFirstPropertyValue(name) ?? "");
      return {
        uid: event.uid,
        start: event.startDate.toJSDate().toISOString(),
        end: event.endDate.toJSDate().toISOString(),
        tzid: component.getFirstProperty("dtstart")?.getParameter("tzid")?.toString() ?? null,
        summary: event.summary,
        location: event.location,
        description: event.description,
        url: value("url"),
        status: value("status"),
      };
    });
    return { zones: zones.map(tzid), events };
  } finally {
    for (const zone of zones) ICAL.TimezoneService.remove(tzid(zone));
  }
};
