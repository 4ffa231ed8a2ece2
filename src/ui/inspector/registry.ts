/**
 * The inspector's tab registry: each tab is data (id, title, component) sharing one props type,
 * so a new view of a checkpoint is one entry here and one file in tabs/.
 */
import type { ComponentType } from 'react';
import type { CheckpointDetail } from '../../protocol/dto';
import { DiffTab } from './tabs/DiffTab';
import { MetadataTab } from './tabs/MetadataTab';
import { RawTab } from './tabs/RawTab';
import { StateTab } from './tabs/StateTab';
import { StoreTab } from './store-tab/StoreTab';
import { TasksTab } from './tabs/TasksTab';
import { WritesTab } from './tabs/WritesTab';

/** What every tab receives. */
export interface TabProps {
  detail: CheckpointDetail;
  dark: boolean;
}

/** One inspector tab. */
export interface InspectorTab {
  id: string;
  title: string;
  component: ComponentType<TabProps>;
}

/** The tabs, in display order. */
export const INSPECTOR_TABS: readonly InspectorTab[] = [
  { id: 'state', title: 'State', component: StateTab },
  { id: 'diff', title: 'Diff', component: DiffTab },
  { id: 'tasks', title: 'Tasks', component: TasksTab },
  { id: 'writes', title: 'Pending writes', component: WritesTab },
  { id: 'metadata', title: 'Metadata', component: MetadataTab },
  { id: 'store', title: 'Store', component: StoreTab },
  { id: 'raw', title: 'Raw tuple', component: RawTab },
];
