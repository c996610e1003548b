/**
 * /api/reports: reports of products and shops (anyone files one; admins decide them) and the
 * reports a marketplace files (the admin's DAC7 report, /dac7, a static path the router prefers
 * over the decision's /:id).
 */
import { forAudience, type RoutePlugin } from '#api/routes/audiences.ts';
import { adminReportRoutes } from './admin.routes';
import { callerReportRoutes } from './caller.routes';
import { adminDac7Routes } from './dac7.routes';

export const reportRoutes: RoutePlugin = async (app, { deps }) => {
  await app.register(forAudience('caller', callerReportRoutes), { deps });
  await app.register(forAudience('admin', adminDac7Routes, adminReportRoutes), { deps });
};
