/** A weekly production status report with three film/TV projects, using every field of the payload. */
export const WEEKLY_REPORT_SAMPLE: Record<string, unknown> = {
  reportTitle: 'Post-Production Weekly Status',
  versionAsOf: '03/07/2025',
  projects: [
    {
      title: 'The Long Coast (Feature)',
      status: 'on-track',
      releaseDate: '09/12/2025',
      answerPrint: '07/18/2025',
      progress: 62,
      stakeholders: {
        studio: { creativeExec: 'Maya Okafor', productionExec: 'Daniel Reyes' },
        production: { director: 'Ingrid Halvorsen', producers: 'Sam Whitaker, Lena Cho' },
      },
      milestones: [
        { name: "Director's cut", startDate: '02/03/2025', status: 'complete' },
        { name: 'Studio cut', startDate: '03/17/2025', status: 'on-track' },
        { name: 'Picture lock', startDate: '04/28/2025', status: 'not-started' },
        { name: 'Final mix', startDate: '06/09/2025', status: 'not-started' },
      ],
      updates: {
        thisWeek: { id: 'LC-W10', text: "Director's cut screened for the studio; notes call scheduled Monday. VFX vendor delivered 41 of 58 shots." },
        lastWeek: { id: 'LC-W09', text: 'Temp score laid in for reels 1-3. Friends-and-family screening booked for 03/14.' },
      },
    },
    {
      title: 'Harbor Lights S2 (Series, 8 x 60)',
      status: 'at-risk',
      releaseDate: '10/03/2025',
      answerPrint: '08/22/2025',
      progress: 38,
      stakeholders: {
        studio: { creativeExec: 'Priya Natarajan', productionExec: 'Tom Becker' },
        production: { director: 'Marcus Lee (block 1), Ana Souza (block 2)', producers: 'Gwen Harlow' },
      },
      milestones: [
        { name: 'Ep 201-202 lock', startDate: '02/24/2025', status: 'complete' },
        { name: 'Ep 203-205 lock', startDate: '03/24/2025', status: 'at-risk' },
        { name: 'Ep 206-208 lock', startDate: '04/21/2025', status: 'not-started' },
      ],
      updates: {
        thisWeek: { id: 'HL-W10', text: 'Additional photography for ep 204 pushed one week by weather; lock for 203-205 at risk.' },
        lastWeek: { id: 'HL-W09', text: 'Block 1 episodes locked and turned over to sound and VFX.' },
      },
    },
    {
      title: 'Paper Kites (Documentary)',
      status: 'delayed',
      releaseDate: '11/14/2025',
      answerPrint: '09/26/2025',
      progress: 24,
      stakeholders: {
        studio: { creativeExec: 'Hannah Brooks', productionExec: 'Owen Park' },
        production: { director: 'Rafael Moreno', producers: 'Julia Stein, Kofi Mensah' },
      },
      milestones: [
        { name: 'Archival clearances', startDate: '01/13/2025', status: 'delayed' },
        { name: 'Rough cut', startDate: '04/07/2025', status: 'not-started' },
      ],
      updates: {
        thisWeek: { id: 'PK-W10', text: 'Two archive houses still negotiating fees; legal reviewing fair-use memo.' },
        lastWeek: { id: 'PK-W09', text: 'Interview transcription finished; assembly of act one started.' },
      },
    },
  ],
};
