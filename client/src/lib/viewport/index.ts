export * from './viewport';
export { applyLayout, isFramed, layoutStore, measure, startViewportWatcher } from './watch';
export { useLayout } from './useLayout';
export { useTableShape } from './useTableShape';
export { useMediaQuery } from './useMediaQuery';
