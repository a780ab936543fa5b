/** The JAZMIN repository interface. */
package io.jazmin.spring.data.repository;
