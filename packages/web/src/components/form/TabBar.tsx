/** Bootstrap tabs for a form split over panels; the panel is the caller's (`tabpanel`, `${idPrefix}-panel`). */
export function TabBar<T extends string>({
  tabs,
  active,
  onSelect,
  label,
  idPrefix,
  invalid,
  className = 'nav nav-tabs mb-3',
}: {
  tabs: readonly T[];
  active: T;
  onSelect: (tab: T) => void;
  label: (tab: T) => string;
  idPrefix: string;
  /** Tabs holding a failing field are marked, so a message on a hidden tab is not missed. */
  invalid?: (tab: T) => boolean;
  className?: string;
}) {
  return (
    <div className={className} role="tablist">
      {tabs.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${tab}`}
          aria-controls={`${idPrefix}-panel`}
          aria-selected={tab === active}
          tabIndex={tab === active ? 0 : -1}
          className={`nav-link${tab === active ? ' active' : ''}${invalid?.(tab) ? ' text-danger' : ''}`}
          onClick={() => onSelect(tab)}
          onKeyDown={(event) => {
            const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
            if (!step) return;
            const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length] as T;
            onSelect(next);
            document.getElementById(`${idPrefix}-tab-${next}`)?.focus();
          }}
        >
          {label(tab)}
        </button>
      ))}
    </div>
  );
}
