/** /api/reports: the reports a marketplace files, the admin's only (the DAC7 report). */
import { forAudience, type RoutePlugin } from '#api/routes/audiences.ts';
import { adminDac7Routes } from './dac7.routes';

export const reportRoutes: RoutePlugin = async (app, { deps }) => {
  await app.register(forAudience('admin', adminDac7Routes), { deps });
};
