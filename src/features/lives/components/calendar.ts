/**
 * An .ics file for a live: when nothing can remind the user, their own
 * calendar can. Built on the phone; RFC 5545 with UTC times and escaped text.
 */
import { saveFile } from '@/platform/download';

export interface CalendarLive {
  id: number;
  title: string;
  /** Unix seconds. */
  startTime: number;
  url: string;
}

const LIVE_MINUTES = 60;

const stamp = (seconds: number) =>
  new Date(seconds * 1000)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const escape = (text: string) =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/[,;]/g, (c) => `\\${c}`);

export function liveIcs(live: CalendarLive, nowSeconds: number): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//wealth-live//live reminder//ZH',
    'BEGIN:VEVENT',
    `UID:live-${live.id}@wealth-live`,
    `DTSTAMP:${stamp(nowSeconds)}`,
    `DTSTART:${stamp(live.startTime)}`,
    `DTEND:${stamp(live.startTime + LIVE_MINUTES * 60)}`,
    `SUMMARY:${escape(`直播：${live.title}`)}`,
    `URL:${live.url}`,
    'BEGIN:VALARM',
    'TRIGGER:-PT10M',
    'ACTION:DISPLAY',
    `DESCRIPTION:${escape(`${live.title} 即将开播`)}`,
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** Saves the file through a temporary link (the browser's download). */
export function downloadIcs(live: CalendarLive): void {
  const blob = new Blob([liveIcs(live, Math.floor(Date.now() / 1000))], { type: 'text/calendar;charset=utf-8' });
  saveFile(blob, `live-${live.id}.ics`);
}
