import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optionalViewer } from './auth-context.js';
import { route } from './route.js';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    'search',
    {
      tags: ['búsqueda'],
      summary: 'Buscar publicaciones y personas, con filtros (query, category, sort, orientation, quality, duration, cursor)',
      description:
        'Las publicaciones se buscan por título, descripción y etiquetas en sus formas españolas ("playas" encuentra "playa"), ' +
        'sin distinguir mayúsculas ni acentos; deben aparecer todas las palabras. Sin sort, por relevancia entre las 500 coincidencias más nuevas ' +
        '(o las más nuevas si no hay texto); recent: las más nuevas; popular: las de más me gusta. category: quickys, photos ' +
        '(imágenes) o models (solo personas). orientation y quality=hd según las dimensiones del primer medio; duration: ' +
        'duración máxima del vídeo en minutos (1 a 20; 0 sin límite), solo vídeos. Las personas (por usuario o nombre) llegan ' +
        'solo con la primera página. Audiencias como en todas las listas: las VIP aparecen bloqueadas.',
      errors: [400],
    },
    async (request) => app.services.search.search(request.query, await optionalViewer(request)),
  );
};
