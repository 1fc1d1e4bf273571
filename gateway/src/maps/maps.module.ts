import { Module } from '@nestjs/common';
import { MapsController } from './maps.controller.js';

/** The maps' settings for the web app. */
@Module({ controllers: [MapsController] })
export class MapsModule {}
