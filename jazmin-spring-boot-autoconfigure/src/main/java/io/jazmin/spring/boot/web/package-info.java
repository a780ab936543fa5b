/**
 * Serving a JAZMIN file's embedded files over HTTP in Spring MVC applications: the
 * {@link io.jazmin.spring.boot.web.JazminFileResource} of one embedded file, the handler that serves a
 * file's embedded files by path, and its auto-configuration.
 */
package io.jazmin.spring.boot.web;
