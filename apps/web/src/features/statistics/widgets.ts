import { lazy } from 'react';
import type { DashboardWidget } from '@/app/areas';

const turnover = () => import('./widgets/TurnoverWidgets');
/** Turnover is read under the documents' see-right, birthdays under the addresses' (the server's rights). */
const BEK = ['BEK_SEHEN'] as const;

/** The dashboard's widgets (STAT-002), in this order on /statistics and on /home (switchable in the dashboard settings). */
export const STATISTICS_WIDGETS: readonly DashboardWidget[] = [
  {
    id: 'statTurnoverComparison',
    order: 10,
    label: 'statistics:widget.comparisonShort',
    rights: BEK,
    wide: true,
    component: lazy(() => turnover().then((m) => ({ default: m.TurnoverComparisonWidget }))),
  },
  {
    id: 'statCurrentYear',
    order: 20,
    label: 'statistics:widget.currentYearShort',
    rights: BEK,
    component: lazy(() => turnover().then((m) => ({ default: m.CurrentYearWidget }))),
  },
  {
    id: 'statTurnoverChart',
    order: 30,
    label: 'statistics:widget.chartShort',
    rights: BEK,
    component: lazy(() => turnover().then((m) => ({ default: m.TurnoverChartWidget }))),
  },
  {
    id: 'statProductGroups',
    order: 40,
    label: 'statistics:widget.groupsShort',
    rights: BEK,
    wide: true,
    component: lazy(() => turnover().then((m) => ({ default: m.ProductGroupWidget }))),
  },
  {
    id: 'statOpenItems',
    order: 50,
    label: 'statistics:widget.openItems',
    rights: BEK,
    component: lazy(() => import('./widgets/OpenItemsWidget').then((m) => ({ default: m.OpenItemsWidget }))),
  },
  {
    id: 'statBirthdays',
    order: 60,
    label: 'statistics:widget.birthdays',
    rights: ['ADR_SEHEN'],
    component: lazy(() => import('./widgets/BirthdaysWidget').then((m) => ({ default: m.BirthdaysWidget }))),
  },
];
