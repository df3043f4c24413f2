import { createAccount, DEMO_PASSWORD, expect, openAs, signInAs, test } from './support';

test('two people chat live: a message request, accepted, then replies both ways without reloading', async ({ page, browser, request }) => {
  const ana = await createAccount(request, 'ana');
  const bea = await createAccount(request, 'bea');
  await signInAs(page, ana);
  const beaPage = await openAs(browser, page, bea);

  await beaPage.goto('/messages');
  await expect(beaPage.getByText('Aún no tienes conversaciones.', { exact: false })).toBeVisible();
  await expect(beaPage.getByTestId('messages-badge')).toHaveCount(0);

  await page.goto(`/messages?to=${bea.username}`);
  await expect(page.getByText(`Escribe tu primer mensaje a @${bea.username}.`)).toBeVisible();
  await page.getByTestId('message-input').fill('Hola Bea, ¿qué tal?');
  await page.getByTestId('message-input').press('Enter');
  await expect(page.getByTestId('message').filter({ hasText: 'Hola Bea, ¿qué tal?' })).toBeVisible();
  await expect(page.getByTestId('message-input')).toHaveValue('');

  // Bea does not follow Ana: it arrives, live, as a message request.
  await expect(beaPage.getByTestId('messages-badge')).toHaveText('1');
  await expect(beaPage.getByTestId('requests-button')).toContainText('1');
  await beaPage.getByTestId('requests-button').click();
  await expect(beaPage).toHaveURL(/\/message-requests$/);
  const row = beaPage.getByTestId('request-row').filter({ hasText: 'Hola Bea, ¿qué tal?' });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Aceptar' }).click();
  await expect(beaPage.getByText('No tienes solicitudes de mensajes pendientes.')).toBeVisible();

  await beaPage.goto(`/messages?to=${ana.username}`);
  await expect(beaPage.getByTestId('message').filter({ hasText: 'Hola Bea, ¿qué tal?' })).toBeVisible();
  await beaPage.getByTestId('message-input').fill('¡Muy bien! ¿Y tú?');
  // Ana, in the open conversation, sees Bea typing; her message then replaces the indicator.
  await expect(page.getByTestId('typing-indicator')).toHaveText(`@${bea.username} está escribiendo…`);
  await beaPage.getByTestId('send-message').click();

  // Ana's open conversation shows the reply without a reload, and Bea's read shows as 'Visto' later.
  await expect(page.getByTestId('message').filter({ hasText: '¡Muy bien! ¿Y tú?' })).toBeVisible();
  await expect(page.getByTestId('typing-indicator')).toHaveCount(0);
  await page.getByTestId('message-input').fill('Genial 😊');
  await page.getByTestId('message-input').press('Enter');
  await expect(beaPage.getByTestId('message').filter({ hasText: 'Genial' })).toBeVisible();
  if (test.info().project.name === 'desktop') {
    // The list beside the open conversation does not keep counting what Bea is reading.
    const anaRow = beaPage.getByTestId('conversation-row').filter({ hasText: 'Genial' });
    await expect(anaRow).toBeVisible();
    await expect(anaRow).not.toHaveClass(/conversation-row--unread/);
  }
  await expect(page.getByTestId('message').last()).toContainText('Visto');

  // 'Eliminar Chat' removes it for Bea only.
  await beaPage.getByTestId('chat-menu').click();
  await expect(beaPage.getByRole('menuitem', { name: 'Ver Perfil' })).toBeVisible();
  await expect(beaPage.getByRole('menuitem', { name: 'Reportar' })).toHaveAttribute('href', `/report-user/${ana.username}`);
  await expect(beaPage.getByRole('menuitem', { name: 'Bloquear' })).toHaveAttribute('href', `/block-user/${ana.username}`);
  await beaPage.getByRole('menuitem', { name: 'Eliminar Chat' }).click();
  const confirm = beaPage.getByTestId('delete-chat');
  await expect(confirm.getByRole('heading', { name: `¿Eliminar el chat con @${ana.username}?` })).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(beaPage.getByTestId('chat-menu')).toBeFocused();
  await expect(beaPage.getByTestId('message')).toHaveCount(3);
  await beaPage.getByTestId('chat-menu').click();
  await beaPage.getByRole('menuitem', { name: 'Eliminar Chat' }).click();
  await beaPage.getByTestId('delete-chat').getByRole('button', { name: 'Eliminar' }).click();
  await expect(beaPage).toHaveURL(/\/messages$/);
  await expect(beaPage.getByTestId('conversation-row')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('message')).toHaveCount(3);
  await beaPage.context().close();
});

test('a like lights the notification badge live; the notifications page shows it and marks it read', async ({ page, browser, request }) => {
  const fan = await createAccount(request, 'fan');
  const login = await request.post('/api/login', { data: { email: 'lucia_moda@demo.wag.test', password: DEMO_PASSWORD } });
  const owner = (await login.json()) as { token: string; username: string };
  const posts = await request.get(`/api/users/${owner.username}/posts`, { headers: { authorization: `Bearer ${owner.token}` } });
  const target = ((await posts.json()) as { posts: Array<{ slug: string; post_type: string; visibility: string }> }).posts.find(
    (post) => post.post_type === 'grid' && post.visibility === 'public',
  )!;

  await signInAs(page, owner);
  // Everything already there is read first, so the badge starts at zero.
  await request.post('/api/notifications/read', { headers: { authorization: `Bearer ${owner.token}` } });
  await page.goto('/');
  await expect(page.getByTestId('notifications-badge')).toHaveCount(0);

  const fanPage = await openAs(browser, page, fan);
  await fanPage.goto(`/post/${target.slug}`);
  await fanPage.getByRole('button', { name: 'Me gusta', exact: true }).first().click();
  await expect(fanPage.getByRole('button', { name: 'Quitar me gusta', exact: true }).first()).toBeVisible();

  await expect(page.getByTestId('notifications-badge')).toHaveText('1');
  await page.getByTestId('notifications-button').click();
  const line = page.getByTestId('notification').first();
  await expect(line).toContainText(fan.username);
  await expect(line).toContainText('me gusta a tu publicación');
  await expect(line).toHaveAttribute('data-unread', 'true');
  await expect(page.getByTestId('notifications-badge')).toHaveCount(0);
  await fanPage.context().close();
});
