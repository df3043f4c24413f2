import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render-routes';
import { AppLink, AppNavLink, isActivePath } from './app-link';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search + location.hash}</output>;
}

function Page() {
  return (
    <>
      <Where />
      <AppLink to="/quickys?tab=b#top">quickys</AppLink>
      <AppLink to="/">aquí</AppLink>
      <AppLink to="/ajustes" replace>
        ajustes
      </AppLink>
      <AppLink to="/nuevo" target="_blank">
        pestaña
      </AppLink>
      <AppLink to="/datos.json" download>
        descarga
      </AppLink>
      <AppLink to="/anulado" onClick={(event) => event.preventDefault()}>
        anulado
      </AppLink>
      <AppLink to="/perfil">
        <svg data-testid="icon">
          <path d="M0 0" />
        </svg>
      </AppLink>
      <a href="/fuera">sin marca</a>
      <AppLink to={'/\\otro.example/x'}>barra invertida</AppLink>
      <AppLink to="//otro.example/x">otro sitio</AppLink>
      {createPortal(<AppLink to="/desde-portal">portal</AppLink>, document.body)}
    </>
  );
}

const routes = [{ path: '*', Component: Page }];

describe('AppLink', () => {
  it('is a plain anchor whose click the router follows, adding an entry with search and hash', async () => {
    const { history } = renderRoutes(routes, ['/']);
    const link = screen.getByRole('link', { name: 'quickys' });
    expect(link.getAttribute('href')).toBe('/quickys?tab=b#top');
    await userEvent.click(link);
    expect(screen.getByTestId('where').textContent).toBe('/quickys?tab=b#top');
    expect(history.index).toBe(1);
  });

  it('follows a click on what the link holds (an icon), and one rendered in a portal', async () => {
    const { history } = renderRoutes(routes, ['/']);
    await userEvent.click(screen.getByTestId('icon').querySelector('path')!);
    expect(history.location.pathname).toBe('/perfil');
    await userEvent.click(screen.getByRole('link', { name: 'portal' }));
    expect(history.location.pathname).toBe('/desde-portal');
    expect(history.index).toBe(2);
  });

  it('replaces the entry when asked, and for a link to the page already shown (as Link)', async () => {
    const { history } = renderRoutes(routes, ['/', '/otra', '/']);
    await userEvent.click(screen.getByRole('link', { name: 'aquí' }));
    expect(history.index).toBe(2);
    await userEvent.click(screen.getByRole('link', { name: 'ajustes' }));
    expect(history.location.pathname).toBe('/ajustes');
    expect(history.index).toBe(2);
  });

  it('leaves to the browser a new tab, a download, a modified or middle click, a prevented click and an unmarked anchor', () => {
    const { history } = renderRoutes(routes, ['/']);
    // Whether the click reached the window with its default still to do (the browser's to follow);
    // prevented there so that jsdom does not try to load another document.
    let leftToBrowser = false;
    const last = (event: MouseEvent) => {
      leftToBrowser = !event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener('click', last);
    const click = (name: string, init: MouseEventInit = {}) => {
      fireEvent.click(screen.getByRole('link', { name }), init);
      return leftToBrowser;
    };
    try {
      expect(click('pestaña')).toBe(true);
      expect(click('descarga')).toBe(true);
      expect(click('quickys', { ctrlKey: true })).toBe(true);
      expect(click('quickys', { metaKey: true })).toBe(true);
      expect(click('quickys', { shiftKey: true })).toBe(true);
      expect(click('quickys', { button: 1 })).toBe(true);
      expect(click('sin marca')).toBe(true);
      // Addresses a browser reads as another site's are never pushed as the app's.
      expect(click('barra invertida')).toBe(true);
      expect(click('otro sitio')).toBe(true);
      expect(click('anulado')).toBe(false);
      expect(history.location.pathname).toBe('/');
      expect(history.index).toBe(0);
      expect(click('quickys')).toBe(false);
      expect(history.location.pathname).toBe('/quickys');
    } finally {
      window.removeEventListener('click', last);
    }
  });
});

describe('the one listener', () => {
  function Menu() {
    const [open, setOpen] = useState(true);
    return open ? (
      <AppLink to="/ajustes" onClick={() => setOpen(false)}>
        ajustes
      </AppLink>
    ) : (
      <Where />
    );
  }

  it('follows a link whose own handler takes it off the screen (a menu closing on a pick)', async () => {
    const { history } = renderRoutes([{ path: '*', Component: Menu }], ['/']);
    await userEvent.click(screen.getByRole('link', { name: 'ajustes' }));
    expect(history.location.pathname).toBe('/ajustes');
  });

  it('is gone with the router: a marked anchor left in the page is the browser\'s again', () => {
    const { history, unmount } = renderRoutes(routes, ['/']);
    unmount();
    const anchor = document.createElement('a');
    anchor.setAttribute('href', '/quickys');
    anchor.setAttribute('data-app-link', 'push');
    document.body.append(anchor);
    let leftToBrowser = false;
    const last = (event: MouseEvent) => {
      leftToBrowser = !event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener('click', last);
    try {
      fireEvent.click(anchor);
    } finally {
      window.removeEventListener('click', last);
      anchor.remove();
    }
    expect(leftToBrowser).toBe(true);
    expect(history.location.pathname).toBe('/');
  });
});

describe('AppNavLink', () => {
  function Nav() {
    return (
      <nav>
        <AppNavLink to="/" end className="item">
          inicio
        </AppNavLink>
        <AppNavLink to="/messages" className="item">
          mensajes
        </AppNavLink>
        <AppNavLink to="/valeria" end>
          perfil
        </AppNavLink>
      </nav>
    );
  }

  it('marks the current page’s link active, below it unless end, and follows clicks', async () => {
    renderRoutes([{ path: '*', Component: Nav }], ['/Messages/abc']);
    const messages = screen.getByRole('link', { name: 'mensajes' });
    expect(messages.className).toBe('item active');
    expect(messages.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'inicio' }).className).toBe('item');
    expect(screen.getByRole('link', { name: 'inicio' }).hasAttribute('aria-current')).toBe(false);
    await userEvent.click(screen.getByRole('link', { name: 'perfil' }));
    expect(screen.getByRole('link', { name: 'perfil' }).className).toBe('active');
    expect(screen.getByRole('link', { name: 'mensajes' }).hasAttribute('aria-current')).toBe(false);
  });

  it('tells the active path as NavLink does', () => {
    expect(isActivePath('/', '/', true)).toBe(true);
    expect(isActivePath('/quickys', '/')).toBe(false);
    expect(isActivePath('/messages', '/messages')).toBe(true);
    expect(isActivePath('/messages/abc', '/messages')).toBe(true);
    expect(isActivePath('/messages/abc', '/messages', true)).toBe(false);
    expect(isActivePath('/messagesx', '/messages')).toBe(false);
    expect(isActivePath('/MESSAGES', '/messages')).toBe(true);
    expect(isActivePath('/messages/abc', '/messages/')).toBe(true);
    expect(isActivePath('/search', '/search?q=a')).toBe(true);
  });
});
