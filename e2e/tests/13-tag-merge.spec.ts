/**
 * Tag merge in the browser (issue #35 item 7): a moderator opens "Merge into…" on tag A's info page; A itself
 * and A's synonym are refused at once; a tag C that becomes a synonym while the dialog asks for confirmation is
 * refused by the server, in the dialog, with the choice kept; then the moderator picks B with the keyboard
 * from the autocomplete, reads what moves, confirms, and lands on B's page with a toast; A's questions are
 * listed under B and A's page leads to B (A is a synonym). From B's timeline the moderator undoes the merge
 * after a confirmation, and A is a tag of its own again with its questions, follower and synonym. At 1280 and
 * 375 px.
 */
import { activeUser, adminToken, apiCall, ensureInstalled, unique } from '../fixtures/api';
import { expect, openWith, test } from '../fixtures/test';

interface Tag {
  tag_id: string;
  slug_name: string;
  question_count: number;
  follow_count: number;
  main_tag_slug_name: string;
}

for (const width of [1280, 375]) {
  test(`moderator merges a tag into another and undoes it from the timeline at ${width} px`, async ({ page, browser, request, baseURL, shot }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    await ensureInstalled(request, baseURL!);
    const admin = await adminToken(request);
    const mod = await activeUser(request, admin, 'mergemod', 3);
    const asker = await activeUser(request, admin, 'distiller');
    const fan = await activeUser(request, admin, 'ginfan');
    const id = unique();
    const a = `gin-${id}`;
    const b = `genever-${id}`;
    const [c, d, syn] = [`juniper-${id}`, `juniperus-${id}`, `old-gin-${id}`];
    const tagInfo = (slug: string) => apiCall<Tag>(request, 'GET', `/answer/api/v1/tag?name=${slug}`);
    await apiCall(request, 'POST', '/answer/api/v1/tag', { slug_name: a, display_name: a, original_text: `Juniper spirit notes for ${id}.` }, admin);
    const newTag = (slug: string) => apiCall<{ tag_id: string }>(request, 'POST', '/answer/api/v1/tag', { slug_name: slug, display_name: slug, original_text: '' }, admin);
    await newTag(b);
    const [tagC, tagD] = [await newTag(c), await newTag(d)];
    const tagA = await tagInfo(a);
    await apiCall(request, 'PUT', '/answer/api/v1/tag/synonym', { tag_id: tagA.tag_id, synonym_tag_list: [{ slug_name: syn }] }, admin);
    const ask = (title: string, body: string, tag: string) => apiCall<{ id: string }>(request, 'POST', '/answer/api/v1/question', { title, content: body, tags: [{ slug_name: tag }] }, asker.token);
    const q1 = await ask(`Which botanicals make a dry gin taste of citrus ${id}?`, `I tried lemon peel and coriander seed, ${id}, and the citrus note still fades within a week.`, a);
    const q2 = await ask(`Should gin rest after distilling before bottling ${id}?`, `Some distillers let it sit for weeks; ${id} is my batch number and I wonder if it matters at home.`, a);
    const q3 = await ask(`How is genever different from a London dry ${id}?`, `Malt wine gives genever its body, I read, but ${id} tastings left me unsure what else differs.`, b);
    await apiCall(request, 'PUT', '/answer/api/v1/follow/tags', { slug_name_list: [a] }, fan.token);
    const before = await tagInfo(a);
    expect(before).toMatchObject({ question_count: 2, follow_count: 1 });

    await test.step('itself and its synonym are refused at once; a target that became a synonym, by the server', async () => {
      await openWith(page, mod.token, `/tags/${a}/info`);
      await page.getByRole('button', { name: 'Merge into…' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: `Merge [${a}] into another tag` })).toBeVisible();
      const input = dialog.getByRole('combobox', { name: 'Tag to merge into' });
      const remove = async (slug: string) => {
        await dialog.getByRole('button', { name: `Remove tag ${slug}` }).focus();
        await page.keyboard.press('Delete');
        await expect(input).toBeFocused();
      };
      await input.fill(a);
      await input.press('Enter');
      await expect(dialog.getByRole('alert')).toHaveText('A tag cannot be merged into itself. Choose another tag.');
      await expect(dialog.getByRole('button', { name: 'Continue' })).toBeDisabled();
      await shot(`merge into itself refused at ${width}`);
      await remove(a);
      await page.keyboard.type(syn);
      await page.keyboard.press('Enter');
      await expect(dialog.getByRole('alert')).toHaveText(`[${syn}] is a synonym of [${a}]. Merge into [${a}] instead.`);
      await remove(syn);
      await page.keyboard.type(c);
      await page.keyboard.press('Enter');
      await expect(dialog.getByTestId('merge-summary')).toContainText(`2 questions are filed under [${c}]`);
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await expect(dialog.getByRole('button', { name: 'Back' })).toBeFocused();
      await apiCall(request, 'POST', '/answer/api/v1/tag/merge', { source_tag_id: tagC.tag_id, target_tag_id: tagD.tag_id }, admin);
      await dialog.getByRole('button', { name: 'Merge tags' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('This tag is a synonym. Merge into its main tag instead.');
      await expect(dialog.getByRole('button', { name: `Remove tag ${c}` })).toBeVisible();
      await shot(`server refusal in the dialog at ${width}`);
      await remove(c);
    });

    await test.step('pick the target with the keyboard, read the summary, confirm', async () => {
      const dialog = page.getByRole('dialog');
      await page.keyboard.type(b);
      await expect(dialog.getByRole('option', { name: b })).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      const summary = dialog.getByTestId('merge-summary');
      await expect(summary).toContainText(`2 questions are filed under [${b}]`);
      await expect(summary).toContainText(`1 follower now follows [${b}]`);
      await expect(summary).toContainText(`1 synonym becomes a synonym of [${b}]`);
      await expect(summary).toContainText(`[${a}] becomes a synonym of [${b}]`);
      await expect(summary).toContainText(`[${b}] has no description yet and takes the one of [${a}].`);
      await shot(`merge dialog with the summary at ${width}`);
      await dialog.getByRole('button', { name: 'Continue' }).focus();
      await page.keyboard.press('Enter');
      await expect(dialog.getByRole('heading', { name: `Merge [${a}] into [${b}]?` })).toBeVisible();
      await shot(`merge confirmation at ${width}`);
      await page.keyboard.press('Tab');
      await expect(dialog.getByRole('button', { name: 'Merge tags' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/tags/${b}$`));
      await expect(page.getByText(`[${a}] was merged into [${b}].`)).toBeVisible();
      await expect(page.getByRole('heading', { name: `Questions tagged [${b}]` })).toBeVisible();
      for (const q of [q1, q2, q3]) await expect(page.locator(`a[href*="/questions/${q.id}"]`).first()).toBeVisible();
      await shot(`target tag after the merge at ${width}`);
    });

    await test.step("the old tag's page leads to the target, it is a synonym", async () => {
      await page.goto(`/tags/${a}`);
      await expect(page).toHaveURL(new RegExp(`/tags/${b}`));
      expect(await tagInfo(a)).toMatchObject({ main_tag_slug_name: b });
      expect(await tagInfo(syn)).toMatchObject({ main_tag_slug_name: b });
      expect(await tagInfo(b)).toMatchObject({ question_count: 3, follow_count: 1 });
    });

    await test.step('undo from the timeline restores the tag', async () => {
      const target = await tagInfo(b);
      await page.goto(`/tags/${target.tag_id}/timeline`);
      const row = page.locator('li[data-activity="merged"]');
      await expect(row).toContainText(`Merged from [${a}]`);
      await shot(`timeline with the merge at ${width}`);
      await row.getByRole('button', { name: 'Undo merge' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: `Undo the merge of [${a}] into [${b}]?` })).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await shot(`undo confirmation at ${width}`);
      await dialog.getByRole('button', { name: 'Undo merge' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(`[${a}] is a tag of its own again.`)).toBeVisible();
      await expect(page.locator('li[data-activity="merge_undone"]').first()).toContainText(`Merge with [${a}] undone`);
      await expect(row).toContainText('cancelled', { ignoreCase: true });
      await expect(row.getByRole('button', { name: 'Undo merge' })).toHaveCount(0);
      await shot(`timeline after the undo at ${width}`);
      expect(await tagInfo(a)).toMatchObject({ main_tag_slug_name: '', question_count: 2, follow_count: 1 });
      expect(await tagInfo(syn)).toMatchObject({ main_tag_slug_name: a });
      expect(await tagInfo(b)).toMatchObject({ question_count: 1, follow_count: 0 });
      // A browser of its own: this one keeps the permanent redirect /tags/A -> /tags/B it was sent while A was a synonym.
      const fresh = await browser.newContext({ baseURL });
      const visitor = await fresh.newPage();
      await visitor.goto(`/tags/${a}`);
      await expect(visitor.getByRole('heading', { name: `Questions tagged [${a}]` })).toBeVisible();
      for (const q of [q1, q2]) await expect(visitor.locator(`a[href*="/questions/${q.id}"]`).first()).toBeVisible();
      await expect(visitor.locator(`a[href*="/questions/${q3.id}"]`)).toHaveCount(0);
      await fresh.close();
    });
  });
}
