import { useTranslation } from 'react-i18next';
import { LIST_TYPES, type ListType } from '../game-list-state';
import { onTabKeys } from '../../../components/ui/tab-keys';

interface ListTypeTabsProps {
  active: ListType;
  onChoose(type: ListType): void;
  panelId: string;
}

/** Hot, favourites, recent and all games (SPEC section 4). */
export function ListTypeTabs({ active, onChoose, panelId }: ListTypeTabsProps) {
  const { t } = useTranslation();
  return (
    <div className="list-type-tabs" role="tablist" aria-label={t('games.list.types')} onKeyDown={onTabKeys}>
      {LIST_TYPES.map((type) => (
        <button
          key={type}
          type="button"
          role="tab"
          aria-selected={type === active}
          aria-controls={panelId}
          tabIndex={type === active ? 0 : -1}
          className="list-type-tab"
          onClick={() => onChoose(type)}
          data-testid={`list-type-${type}`}
        >
          {t(`games.types.${type}`)}
        </button>
      ))}
    </div>
  );
}
