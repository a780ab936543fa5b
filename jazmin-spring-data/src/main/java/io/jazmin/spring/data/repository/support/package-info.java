/** Creating repositories: factory, factory bean, query lookup and the default implementation. */
package io.jazmin.spring.data.repository.support;
