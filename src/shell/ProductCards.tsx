import { DEFAULT_PRODUCT_CARDS, productCards } from './products';

/** Product cards in a 2-column grid, with the 敬请期待 filler when their count is odd (spec section 9). */
export function ProductCards({
  titles = DEFAULT_PRODUCT_CARDS,
  color,
  onPick,
}: {
  titles?: readonly string[];
  color?: string;
  onPick?: (title: string) => void;
}): React.JSX.Element {
  return (
    <div className="product-cards" data-testid="product-cards">
      {productCards(titles).map((title, i) => (
        <button
          type="button"
          key={`${title}-${i}`}
          className="product-card"
          style={{ borderColor: color }}
          disabled={!onPick || i >= titles.length}
          onClick={() => onPick?.(title)}
        >
          {title}
        </button>
      ))}
    </div>
  );
}
