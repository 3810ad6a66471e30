/** Lets non-React code (the HTTP client, the session) raise growls through react-admin's notify. */
export type NotifyType = 'info' | 'success' | 'warning' | 'error';
type NotifyFn = (message: string, type: NotifyType) => void;

let current: NotifyFn | null = null;
const queued: Array<[string, NotifyType]> = [];

/** Called once by the NotifierBridge component with react-admin's notify. */
export function setNotifier(fn: NotifyFn | null): void {
  current = fn;
  if (fn) while (queued.length) fn(...queued.shift()!);
}

/** Growl a message (errors are red); queued until the app has mounted. */
export function growl(message: string, type: NotifyType = 'info'): void {
  if (current) current(message, type);
  else queued.push([message, type]);
}
