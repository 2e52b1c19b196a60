/* chronon was built without editors/viewer/node_modules (cmake/setup.sh installs them), so its
   standings pages have no chart: this stand-in says so where the chart would be. */
var ChrononChart = {
  draw: function (doc, dataId, targetId) {
    var target = doc.getElementById(targetId);
    if (target) target.textContent = 'No chart: this chronon was built without the viewer (run cmake/setup.sh).';
    return null;
  },
};
