import { Module } from '@nestjs/common';
import { AdminDashboardController } from './admin-dashboard.controller.js';
import { AdminReportsController } from './admin-reports.controller.js';
import { ReportingAnswers } from './reporting-answers.js';

/** The admin dashboard's figures and the Reports page (the reporting service's answers). */
@Module({
  controllers: [AdminDashboardController, AdminReportsController],
  providers: [ReportingAnswers],
})
export class AdminModule {}
