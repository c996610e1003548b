/** The two slide-in panels of the layout; at most one is open. */
export type Panel = 'categories' | 'menu';

export const PANEL_IDS: Record<Panel, string> = {
  categories: 'categories-sidebar',
  menu: 'menu-sidebar',
};

/** Marks the toggle buttons (`data-panel-toggle`), so a press on them is not an "outside click". */
export const PANEL_TOGGLE_ATTRIBUTE = 'data-panel-toggle';
