/** A two-month shooting calendar; one range crosses the April/May boundary. */
export const CALENDAR_SCHEDULE_SAMPLE: Record<string, unknown> = {
  projectTitle: 'The Long Coast: Production Calendar',
  orientation: 'landscape',
  masthead: ['Bluebird Pictures', 'The Long Coast', 'Schedule v4, issued 03/28/2025'],
  palette: { shoot: '#1a73e8', prep: '#f4b400', travel: '#db4437', post: '#0f9d58', holiday: '#999' },
  legend: { shoot: 'Shoot day', prep: 'Prep', travel: 'Travel', post: 'Post-production', holiday: 'Holiday' },
  months: [
    { y: 2025, m: 4 },
    { y: 2025, m: 5 },
  ],
  events: [
    { date: '2025-04-01', kind: 'prep', text: 'Production office opens' },
    { date: '2025-04-03', kind: 'prep', text: 'Tech scout, Big Sur' },
    { date: '2025-04-07', kind: 'prep', text: 'Table read' },
    { date: '2025-04-10', kind: 'prep', text: 'Camera tests' },
    { date: '2025-04-13', kind: 'travel', text: 'Unit travels to Monterey' },
    { date: '2025-04-14', kind: 'shoot', text: 'Day 1: lighthouse ext.' },
    { date: '2025-04-18', kind: 'holiday', text: 'Good Friday' },
    { date: '2025-04-24', kind: 'shoot', text: 'Night shoot: harbour' },
    { date: '2025-05-05', kind: 'shoot', text: 'Second unit: aerials' },
    { date: '2025-05-16', kind: 'shoot', text: 'Wrap on principal photography' },
    { date: '2025-05-18', kind: 'travel', text: 'Unit returns to LA' },
    { date: '2025-05-26', kind: 'holiday', text: 'Memorial Day' },
  ],
  ranges: [
    { start: '2025-04-01', end: '2025-04-11', kind: 'prep', label: 'Prep' },
    { start: '2025-04-14', end: '2025-05-16', kind: 'shoot', label: 'Principal photography' },
    { start: '2025-05-19', end: '2025-05-30', kind: 'post', label: 'Editorial assembly' },
  ],
};
