/**
 * The field service's rules (2-business-processes §4–§5, SVC-019..058), one file per sub-area; every function takes
 * the transaction first and does all its writes in it; the online routes and the offline sync (service.sync.ts) call
 * the same functions. The rules both server and device apply (journey steps and statuses, material bounds and
 * status) are the contract's (service-regeln.ts, service-status.ts).
 *
 * - service.basis.ts: who acts, reaching a task or planning item, the journey guard, status and journey log
 * - service.journey.ts: accept, reject, return, suspend, end duty, phone-completed, travel start, arrival
 * - service.zeiterfassung.ts: time recordings (start, stop, service time)
 * - service.material.ts: material bookings and confirmation
 * - service.mehraufwand.ts: additional work
 * - service.kalender.ts: subsequent bookings and calendar entries
 * - service.abschluss.ts: signature and completion
 * - service.buero.ts: office planning (orders, planning items, material lines and transfers)
 */

export * from './service.abschluss';
export * from './service.basis';
export * from './service.buero';
export * from './service.journey';
export * from './service.kalender';
export * from './service.material';
export * from './service.mehraufwand';
export { auftragLesen, materialLesen, mehraufwandLesen, planungLesen } from './service.read';
export * from './service.zeiterfassung';
