import { normalizeTag, tagSorts, type TagSort } from '@wag/contract/tags-rules';
import { useId } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { PostGrid } from '../../../components/posts/post-grid';
import { Button } from '../../../components/ui/button';
import { LoadMore } from '../../../components/ui/load-more';
import { useDocumentTitle } from '../../../lib/document-title';
import { t } from '../../../lib/i18n';
import { useTagPage } from '../api/use-tag-page';
import './tag-page.css';
import { useLoadMore, useLoadWhenVisible } from '../../../lib/use-load-more';
import { TabList, tabId, tabPanelId } from '../../../components/ui/tab-list';

const tabLabels = { recent: 'tags.recent', popular: 'tags.popular' } as const;

/**
 * /tags/{tag}: '#tag', how many posts carry it, and its posts and quickys in two tabs, Recientes and
 * Populares (?sort=popular), loading more as the end of the grid comes into view.
 */
export function TagPage() {
  const { tag: raw = '' } = useParams();
  const tag = normalizeTag(raw);
  useDocumentTitle(tag ? `#${tag}` : t('tags.invalidTitle'));
  if (!tag) {
    return (
      <section className="tag-page">
        <p className="page-status" role="alert">
          {t('tags.invalid')}
        </p>
      </section>
    );
  }
  return <TagPosts key={tag} tag={tag} />;
}

function TagPosts({ tag }: { tag: string }) {
  const [params, setParams] = useSearchParams();
  const sort: TagSort = params.get('sort') === 'popular' ? 'popular' : 'recent';
  const list = useTagPage(tag, sort);
  const tabsId = useId();
  const { hasNextPage, isFetchingNextPage } = list;
  // Infinite scroll: the next page loads as the end of the list comes into view.
  const sentinel = useLoadWhenVisible(hasNextPage && !isFetchingNextPage, useLoadMore(list));

  const select = (next: TagSort) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === 'recent') copy.delete('sort');
        else copy.set('sort', next);
        return copy;
      },
      { replace: true, preventScrollReset: true },
    );

  const first = list.data?.pages[0];
  const posts = list.data?.pages.flatMap((page) => page.posts) ?? [];

  let body;
  if (list.isPending) body = <p className="page-status" role="status">{t('tags.loading')}</p>;
  else if (list.isError && posts.length === 0) {
    body = (
      <div className="page-status" role="alert">
        <p>{t('tags.failed')}</p>
        <Button variant="secondary" onClick={() => void list.refetch()}>
          {t('tags.retry')}
        </Button>
      </div>
    );
  } else if (posts.length === 0) body = <p className="page-status">{t('tags.empty', { tag })}</p>;
  else body = <PostGrid posts={posts} />;

  return (
    <section className="tag-page" data-testid="tag-page">
      <header className="tag-page__head">
        <span className="tag-page__icon" aria-hidden="true">
          #
        </span>
        <div>
          <h1 className="tag-page__title">#{tag}</h1>
          <p className="tag-page__count" data-testid="tag-count">
            {first ? t('tags.count', { count: first.count }) : '\u00a0'}
          </p>
        </div>
      </header>
      <TabList
        base={tabsId}
        label={t('tags.tabs')}
        tabs={tagSorts.map((entry) => ({ id: entry, content: t(tabLabels[entry]) }))}
        selected={sort}
        onSelect={select}
        className="tag-page__tabs"
        tabClassName="tag-page__tab"
      />
      <div role="tabpanel" id={tabPanelId(tabsId)} aria-labelledby={tabId(tabsId, sort)}>
        {body}
        <div ref={sentinel} />
        <LoadMore list={list} />
      </div>
    </section>
  );
}
