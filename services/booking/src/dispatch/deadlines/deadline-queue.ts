import type { JobTrace } from '@limo/service-runtime';

export const DEADLINES_QUEUE = 'dispatch-deadlines';
export const DEADLINE = 'assignment-deadline';
export const SWEEP = 'sweep-overdue-assignments';

export interface DeadlineJob extends JobTrace {
  bookingId: number;
  assignmentId: string;
}

/** One job per assignment: a re-assignment has its own, so an old deadline never fires on it. */
export const deadlineJobId = (bookingId: number, assignmentId: string) => `deadline-${bookingId}-${assignmentId}`;
