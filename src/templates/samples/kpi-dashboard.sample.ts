/** A monthly business dashboard: six metrics covering up, down and flat trends (churn falling is good), three sections. */
export const KPI_DASHBOARD_SAMPLE: Record<string, unknown> = {
  title: 'Streaming Platform KPIs',
  subtitle: 'February 2025 vs. January 2025',
  metrics: [
    { label: 'Monthly active users', value: '2.41M', change: '+6.8%', trend: 'up' },
    { label: 'Paid subscribers', value: '812K', change: '+3.1%', trend: 'up' },
    { label: 'Monthly churn', value: '4.2%', change: '-0.6 pts', trend: 'down', goodDirection: 'down' },
    { label: 'Average revenue per user', value: '$9.74', change: '+0.0%', trend: 'flat' },
    { label: 'Hours streamed', value: '38.9M', change: '-2.3%', trend: 'down' },
    { label: 'Support tickets resolved < 24h', value: '91%', change: '0 pts', trend: 'flat' },
  ],
  sections: [
    {
      title: 'Highlights',
      content:
        'Subscriber growth came mostly from the annual-plan promotion launched on 02/10. ' +
        'The premiere of "Harbor Lights" S2 drove the best single day of sign-ups this year.',
    },
    {
      title: 'Risks',
      content:
        'Hours streamed fell for the second month as two licensed catalogue titles expired. ' +
        'Churn improved, but the promotion cohort renews in February 2026 at full price.',
    },
    {
      title: 'Next steps',
      content:
        'Renegotiate the expiring catalogue deals, A/B test the onboarding flow on TV apps, ' +
        'and publish the Q1 content slate by 03/31.',
    },
  ],
};
